/**
 * The language, locale and time zone of one turn, decided once at the edge (TrackingBot, before any dialog
 * runs) and kept in turn state, so every step, card and error reply speaks the same way. Dialogs read it
 * with languageOf; none of them carries a translator or the deployment's time zone to work it out again.
 */
import type { Activity, TurnContext } from './botbuilder';
import { customerOf } from './turnCustomer';
import type { Localization, Translator } from '../i18n';
import { validTimeZone } from '../timeZone';

export interface TurnLanguage extends Localization {
  /** IANA zone for dates: the client's `localTimezone` when valid, else the deployment's default. */
  timeZone: string;
  /** Whether `timeZone` is the customer's own (their client sent it), so times need not name it. */
  customerTimeZone: boolean;
}

const KEY = Symbol('turnLanguage');

export class TurnLanguages {
  constructor(
    private readonly translator: Translator,
    private readonly defaultTimeZone: string,
  ) {}

  /** The turn's language: decided on first ask, from what the activity (or the signed-in customer) says. */
  of(context: TurnContext): TurnLanguage {
    return context.turnState.get<TurnLanguage | undefined>(KEY) ?? this.speak(context, requestedLocale(context));
  }

  /** The language and locale the bot speaks for a client's locale. */
  localize(locale: string | undefined): Localization {
    return this.translator.localize(locale);
  }

  /**
   * The turn speaks `locale` from here on: a hub's status event carries the agent's language, or none,
   * and the customer is answered in the one they asked in.
   */
  speak(context: TurnContext, locale: string | undefined): TurnLanguage {
    const own = validTimeZone(context.activity.localTimezone);
    const language = {
      ...this.translator.localize(locale),
      timeZone: own ?? this.defaultTimeZone,
      customerTimeZone: own !== undefined,
    };
    if (!context.turnState.has(KEY)) context.onSendActivities(labelReplies);
    context.turnState.set(KEY, language);
    return language;
  }
}

/**
 * Each reply's `locale` is the one it is written in: botbuilder copies the incoming activity's, which is
 * whatever the channel sent (markup included), or nothing.
 */
const labelReplies: Parameters<TurnContext['onSendActivities']>[0] = (context, activities, next) => {
  const { locale } = context.turnState.get<TurnLanguage>(KEY);
  for (const activity of activities) activity.locale = locale;
  return next();
};

/** The language the edge decided for this turn. */
export function languageOf(context: TurnContext): TurnLanguage {
  const language = context.turnState.get<TurnLanguage | undefined>(KEY);
  // A dialog run outside the bot's turn would speak the default language whatever the customer asked in.
  if (!language) throw new Error('the turn language is decided by the bot before a dialog runs');
  return language;
}

/** The activity's locale; Web Chat's join event names the page's; then the language the store's site said its signed-in customer speaks. */
export function requestedLocale(context: TurnContext): string | undefined {
  return context.activity.locale || joinLocale(context.activity) || customerOf(context)?.locale;
}

function joinLocale(activity: Activity): string | undefined {
  if (activity.type !== 'event' || activity.name !== 'webchat/join') return undefined;
  const requested = (activity.value as { locale?: unknown } | undefined)?.locale;
  return typeof requested === 'string' ? requested : undefined;
}
