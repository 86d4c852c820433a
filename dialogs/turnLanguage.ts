/**
 * The language, locale and time zone of one turn, worked out once from the activity (and the
 * signed-in customer's claims, when the activity names no locale) and kept in turn state, so every step, card and error reply speaks the same way.
 */
import type { TurnContext } from '../src/bot/botbuilder';
import { customerOf } from '../src/bot/turnCustomer';
import type { Localization, Translator } from '../src/i18n';
import { validTimeZone } from '../src/timeZone';

export interface TurnLanguage extends Localization {
  /** IANA zone for dates: the client's `localTimezone` when valid, else the deployment's default. */
  timeZone: string;
  /** Whether `timeZone` is the customer's own (their client sent it), so times need not name it. */
  customerTimeZone: boolean;
}

const KEY = Symbol('turnLanguage');

export function languageOf(context: TurnContext, translator: Translator, defaultTimeZone: string): TurnLanguage {
  const known = context.turnState.get(KEY) as TurnLanguage | undefined;
  if (known) return known;
  const activity = context.activity;
  const own = validTimeZone(activity.localTimezone);
  // A client that names no locale: the language the store's site said its signed-in customer speaks.
  const language = { ...translator.localize(activity.locale || customerOf(context)?.locale), timeZone: own ?? defaultTimeZone, customerTimeZone: own !== undefined };
  context.turnState.set(KEY, language);
  return language;
}
