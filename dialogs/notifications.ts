/**
 * "Notify me", "My notifications" and "stop", the customer's side of watches: start watching what the
 * last answer found, list what is watched with a way to stop each, stop one or all. Each reply is one
 * line in the customer's language; the checks and the updates themselves run in src/watch.
 */
import { TurnContext, type StatePropertyAccessor } from '../src/bot/botbuilder';
import { dateFormatter } from '../src/cards/format';
import { BUTTON_TITLE_BUDGET } from '../src/cards/statusCard';
import type { Choice } from '../src/channels';
import type { Translate } from '../src/i18n';
import type { Logger } from '../src/runtime/logger';
import { errorLogFields } from '../src/tracking/errors';
import { pickChoice } from '../src/recognize';
import { STOP_ALL, stoppedBy, stopValue } from '../src/recognize/choiceValues';
import type { Asker, Watches } from '../src/watch';
import { conversationKey } from '../src/bot/conversationQueue';
import type { ConversationMemory } from './conversationMemory';
import { hasUserId, type WindowLimit } from './windowLimit';
import { listOf } from './lookupAnswer';
import { sendText } from '../src/bot/send';
import { languageOf, type TurnLanguage } from '../src/bot/turnLanguage';
import { customerOf } from '../src/bot/turnCustomer';

/** A stop button shows at most this much of the number (its end, which people compare). */
const STOP_TITLE_IDENTIFIER = 14;

/** What holds "Notify me" back per customer: how often they may ask, and their record of watches across conversations. */
export interface SubscriberLimits {
  /** NOTIFY_START_LIMIT: each request queues a check, so asking is limited in time (a window limit of its own). */
  requests: WindowLimit;
  /** The ids of the watches the customer started, in any conversation (user state): NOTIFY_MAX_PER_CUSTOMER counts them. */
  watches: StatePropertyAccessor<string[]>;
}

export class Notifications {
  constructor(
    private readonly watches: Watches,
    private readonly memory: ConversationMemory,
    /** Stop words are understood in English besides the customer's language. */
    private readonly english: Translate,
    private readonly logger: Logger,
    private readonly limits?: SubscriberLimits,
  ) {}

  /** Watches what the last answer found. */
  async start(context: TurnContext): Promise<void> {
    const language = languageOf(context);
    const { t } = language;
    if (!this.watches.enabled) return sendText(context, t('notify.off'));
    const things = await this.memory.lastAnswer(context);
    if (!things.length) return sendText(context, t('notify.nothing_looked_up'));
    const admission = await this.limits?.requests.admit(context);
    if (admission && !admission.admitted) return sendText(context, t('notify.limited', { count: admission.minutes }));
    const customer = this.limits && hasUserId(context) ? this.limits.watches : undefined;
    let started;
    try {
      const asker = {
        ...this.asker(context, language),
        customerWatches: customer && (await customer.get(context, [])),
      };
      started = await this.watches.start(
        asker,
        things.map(({ shown, masked, ...request }) => ({ request, shown, masked })),
      );
    } catch (error) {
      this.logger.warn({ error: errorLogFields(error) }, 'watch not started');
      return sendText(context, t('notify.unavailable'));
    }
    if (customer && started.customerWatches) await customer.set(context, started.customerWatches);
    const until = this.date(started.until, language);
    const list = (items: string[]) => listOf(items, language.locale);
    const lines = [
      await this.setAsideNotice(context, t),
      started.started.length
        ? t('notify.started', { count: started.started.length, identifiers: list(started.started), until })
        : undefined,
      started.renewed.length
        ? t('notify.renewed', { count: started.renewed.length, identifiers: list(started.renewed), until })
        : undefined,
      started.final.length
        ? t('notify.final', { count: started.final.length, identifiers: list(started.final) })
        : undefined,
      started.missing.length ? t('notify.missing', { identifiers: list(started.missing) }) : undefined,
      started.full.length
        ? t('notify.full', { count: this.watches.maxPerConversation, identifiers: list(started.full) })
        : undefined,
      started.customerFull.length
        ? t('notify.customer_full', { count: this.watches.maxPerCustomer, identifiers: list(started.customerFull) })
        : undefined,
      started.busy.length ? t('notify.busy', { identifiers: list(started.busy) }) : undefined,
      // The channel reaches them for less long (WhatsApp's 24-hour window, with no template): said, with what keeps it open.
      started.reachableUntil !== undefined
        ? t('notify.window', { until: this.dateTime(started.reachableUntil, language) })
        : undefined,
    ];
    await sendText(context, lines.filter(Boolean).join(' '));
  }

  /** Stops one watch (by id) or every watch of the conversation. */
  async stop(context: TurnContext, id?: string): Promise<void> {
    const language = languageOf(context);
    const stopped = await this.watches.stop(conversationKey(context.activity), id);
    if (!stopped.length) return sendText(context, language.t('notify.none'));
    await sendText(
      context,
      language.t('notify.stopped', {
        identifiers: listOf(
          stopped.map((watch) => watch.shown),
          language.locale,
        ),
      }),
    );
  }

  /** What is watched, until when, each with its own stop button. Whether it offered those stops. */
  async list(context: TurnContext): Promise<boolean> {
    const language = languageOf(context);
    const { t } = language;
    const watched = await this.watches.list(conversationKey(context.activity));
    const notice = await this.setAsideNotice(context, t);
    if (!watched.length) {
      await sendText(context, [notice, t('notify.none')].filter(Boolean).join(' '));
      return false;
    }
    const lines = watched.map((watch) =>
      t('notify.item', { identifier: watch.shown, until: this.date(watch.expiresAt, language) }),
    );
    const choices: Choice[] = watched.map((watch) => ({
      value: stopValue(watch.id),
      title: stopTitle(t, watch.shown),
    }));
    if (watched.length > 1) choices.push({ value: STOP_ALL, title: t('choice.stop_all') });
    await sendText(
      context,
      [...(notice ? [notice] : []), t('notify.list', { count: watched.length }), ...lines].join('\n'),
      choices,
    );
    await this.memory.offered(
      context,
      choices.map((choice) => choice.value),
    );
    return true;
  }

  /**
   * The stop the customer picked from the last message's choices (an update's "Stop updates", a line of
   * "My notifications", by its words or its number): a watch id, STOP_ALL, or undefined.
   */
  async picked(
    context: TurnContext,
    text: string,
    offered: readonly string[],
    numbers: boolean,
  ): Promise<string | undefined> {
    const stops = offered.filter((value) => value === STOP_ALL || stoppedBy(value));
    if (!stops.length) return undefined;
    const { t } = languageOf(context);
    const { english } = this;
    const watched = await this.watches.list(conversationKey(context.activity));
    const generic =
      stops.length === 1
        ? [
            t('choice.stop_watch'),
            ...t('choice.stop_watch_synonyms').split('|'),
            ...english('choice.stop_watch_synonyms').split('|'),
          ]
        : [];
    const choices = offered.map((value) => {
      const watch = watched.find((each) => each.id === stoppedBy(value));
      if (value === STOP_ALL) return { value, title: t('choice.stop_all') };
      // The button shows the number's end; typed, the whole number picks it too ("Stop 1Z7X3F940344156200").
      const named = watch
        ? [
            t('notify.stop_named', { identifier: watch.shown }),
            english('notify.stop_named', { identifier: watch.shown }),
          ]
        : [];
      return {
        value,
        title: watch ? stopTitle(t, watch.shown) : t('choice.stop_watch'),
        synonyms: stoppedBy(value) ? [...named, ...generic] : [],
      };
    });
    const index = pickChoice(text, choices, { numbers });
    return index === undefined || !stops.includes(choices[index].value) ? undefined : choices[index].value;
  }

  /** Whether the conversation has any watch ("stop" then means the updates). */
  async any(context: TurnContext): Promise<boolean> {
    if (!this.watches.enabled) return false;
    return (await this.watches.list(conversationKey(context.activity))).length > 0;
  }

  private asker(context: TurnContext, language: TurnLanguage): Asker {
    const { activity } = context;
    const tenant =
      activity.conversation?.tenantId ??
      (activity.channelData as { tenant?: { id?: unknown } } | undefined)?.tenant?.id;
    return {
      conversation: conversationKey(activity),
      reference: JSON.parse(JSON.stringify(TurnContext.getConversationReference(activity))) as Record<string, unknown>,
      channel: activity.channelId,
      tenant: typeof tenant === 'string' ? tenant : undefined,
      locale: language.locale,
      timeZone: language.customerTimeZone ? language.timeZone : undefined,
      // Checks take turns by customer: the channel's user id where it names one (kept hashed).
      customer: hasUserId(context) ? `${activity.channelId}\u0000${activity.from.id}` : undefined,
      signedIn: customerOf(context) !== undefined,
    };
  }

  private dateTime(ms: number, language: TurnLanguage): string {
    return dateFormatter(language.locale, language.timeZone).dateTime(new Date(ms).toISOString()) ?? '';
  }

  private date(ms: number, language: TurnLanguage): string {
    return dateFormatter(language.locale, language.timeZone).date(new Date(ms).toISOString()) ?? '';
  }

  /** Watches of this conversation that could not be read were set aside: said once, then never again. */
  private async setAsideNotice(context: TurnContext, t: TurnLanguage['t']): Promise<string | undefined> {
    try {
      const count = await this.watches.setAside(conversationKey(context.activity));
      return count ? t('notify.set_aside', { count }) : undefined;
    } catch (error) {
      // Told next time: the customer's own request goes on.
      this.logger.warn({ error: errorLogFields(error) }, 'set-aside watches not looked up');
      return undefined;
    }
  }
}

/**
 * "Stop 1Z999AA10123456784" as a button: "Stop …AA10123456784", "Arrêter …10123456784". The number
 * gives up its start, in the room the words leave, so the title fits a Teams button in every language.
 */
export function stopTitle(t: TurnLanguage['t'], identifier: string): string {
  const room = Math.min(STOP_TITLE_IDENTIFIER, BUTTON_TITLE_BUDGET - t('notify.stop_named', { identifier: '' }).length);
  return t('notify.stop_named', {
    identifier: identifier.length <= room ? identifier : `…${identifier.slice(-(room - 1))}`,
  });
}
