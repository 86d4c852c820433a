/**
 * A lookup and its answer, wherever it was asked (a recognized message, a card submit, the end of the
 * waterfall): the limits, the lookup, a typing indicator only when it takes over half a second, and
 * one message with the status cards and what the customer can do next. A failure that needs a new
 * answer from the customer ("not found", a refused store) is handed back as a Notice for the question
 * that asks it; one that doesn't (an outage) is said here.
 */
import { ActivityTypes, DeliveryModes, type TurnContext } from '../src/bot/botbuilder';
import { customerOf } from '../src/bot/turnCustomer';
import type { RenderedAnswers } from '../src/cards';
import type { SignedInCustomer } from '../src/customers/customer';
import { asListed, disclosureOf, type DisclosurePolicy } from '../src/customers/disclosure';
import { maskedShipments } from '../src/customers/maskedShipments';
import type { Choice } from '../src/channels';
import { pressingProblem } from '../src/nextSteps/problem';
import { helpPageChoice, type SupportPages } from '../src/nextSteps/supportPages';
import type { Clock } from '../src/runtime/clock';
import { errorLogFields } from '../src/tracking/errors';
import { failedLookup } from '../src/tracking/lookupResult';
import type { Logger } from '../src/runtime/logger';
import type { LookupKind, LookupRequest, LookupTrace, ShipmentFinder } from '../src/tracking/lookup';
import { allFinal, type Shipment } from '../src/tracking/shipment';
import type { ConversationMemory } from './conversationMemory';
import { failureReply, NOT_FOUND } from './failureReplies';
import type { Admission, WindowLimit } from './windowLimit';
import { settle, type LaterDelivery, type ReplyDeadline, type Settled } from '../src/bot/replyDeadline';
import { sendMessage, sendText } from '../src/bot/send';
import { languageOf, type TurnLanguage } from '../src/bot/turnLanguage';
import { noteLookup } from '../src/bot/turnLookup';
import { FOLLOW_UPS, NOTIFY } from '../src/recognize/choiceValues';
import type { Understanding } from '../src/recognize/understanding';

export interface Lookup {
  request: LookupRequest;
  /**
   * Kinds to try, in order, when `request` finds nothing: a number that proves itself both a carrier's
   * tracking number and an order ID ("772819465305") is looked up as both rather than asked about.
   */
  alsoAs?: LookupKind[];
  /** The identifier as the customer typed it: what every reply quotes. */
  shown: string;
  /** The store's name, when the customer picked it by name. */
  storeName?: string;
  /** Our reading of what was typed ("ord 1002" → "ORD-1002"): when it finds nothing, the reading missed, not a guess. */
  fixedUp?: boolean;
}

/** Words for the customer, translated when they are said (the language may change between turns). */
export interface Notice {
  key: string;
  params?: Record<string, string>;
  /** A sentence said after it ("one more miss means a short pause"). */
  also?: Notice;
}

/** A notice in the customer's words. */
export function noticeText(notice: Notice, t: TurnLanguage['t']): string {
  const text = t(notice.key, notice.params);
  return notice.also ? `${text} ${noticeText(notice.also, t)}` : text;
}

export type Answered =
  /** Everything is said: cards, an apology, the limit, or "still checking". */
  | { outcome: 'found' | 'apology' | 'limited' | 'deferred' }
  /** Nothing for this number. `otherKinds`: the kinds to offer instead, when it is clearly not what was looked up (Understanding.kindsInsteadOf). */
  | { outcome: 'not_found'; notice: Notice; otherKinds: LookupKind[] }
  | { outcome: 'store_refused'; notice: Notice };

interface Found {
  request: LookupRequest;
  shipments: Shipment[];
  /** Shown masked: the customer is not known as the order's owner (ORDER_DETAILS=masked). */
  masked?: true;
}

export interface AnswererParts {
  finder: ShipmentFinder;
  logger: Logger;
  lookups: WindowLimit;
  deadline: ReplyDeadline;
  later: LaterDelivery;
  memory: ConversationMemory;
  understanding: Understanding;
  /** The time now, and the quiet days that make a shipment stale: for what happens next. */
  clock: Clock;
  staleAfterDays: number;
  /** The shop's help pages: a problem's answer links the one in the customer's language. */
  supportPages: SupportPages;
  /** A person who can come into the conversation: a problem's answer offers them, where there is one. */
  person?: { offeredOn(context: TurnContext): boolean; choice(t: TurnLanguage['t']): Choice };
  /** "Notify me": offered on an answer with a parcel still on its way, where updates are on. */
  updates?: { readonly offered: boolean };
  /** Renders the cards, once per cached shipment list and the way it is shown. */
  renderings: RenderedAnswers;
  /** ORDER_DETAILS: what an order's lookup shows to whom. */
  details: DisclosurePolicy;
}

export class LookupAnswerer {
  constructor(private readonly parts: AnswererParts) {}

  /**
   * One number, or several at once ("both", "all of them"): each is looked up, and what is found is one answer.
   * Of several, those that find nothing are named in it; when none finds anything, that is said and nothing asked.
   */
  async answer(context: TurnContext, lookups: Lookup[]): Promise<Answered> {
    const { lookups: limit, deadline } = this.parts;
    const language = languageOf(context);
    // Each number counts against the limit, however it was asked.
    for (const lookup of lookups) {
      const admission = await limit.admit(context);
      if (admission.admitted) continue;
      noteLookup(context, { kind: lookup.request.kind, outcome: 'limited' });
      await this.paused(context, language, pauseText(admission, language.t));
      return { outcome: 'limited' };
    }
    const trace: LookupTrace = {};
    // Decided with the turn's customer now: an answer that comes later has no turn of its own to ask.
    const customer = customerOf(context);
    const outcome = settle(
      Promise.all(lookups.map((lookup) => this.findFirst(lookup, language.language, trace, customer))),
    );
    const settled = await deadline.within(
      outcome,
      async () => void (await context.sendActivity({ type: ActivityTypes.Typing })),
    );
    const signedIn = customer !== undefined;
    if (!settled) return this.answerLater(context, lookups, language, outcome, trace, signedIn);
    return this.settled(context, lookups, language, settled, trace, signedIn);
  }

  /**
   * The shipments of the first kind that has any, and the request that found them (the last one tried when
   * none did), as much of them as this customer may see. Each number is decided on its own.
   */
  private async findFirst(
    lookup: Lookup,
    language: string,
    trace: LookupTrace,
    customer: SignedInCustomer | undefined,
  ): Promise<Found> {
    const kinds = [lookup.request.kind, ...(lookup.alsoAs ?? [])];
    let found: Found = { request: lookup.request, shipments: [] };
    for (const kind of kinds) {
      const typed =
        kind === lookup.request.kind ? lookup.request : this.parts.understanding.requestAs(kind, lookup.shown);
      if (!typed) continue;
      const request = asListed(typed, customer, this.parts.details.defaultStoreId);
      const disclosure = disclosureOf(request, customer, this.parts.details);
      // Refused (ORDER_DETAILS=verified): an unknown order's answer, and the upstream not even asked, so that
      // neither the words nor the time they take tell whether someone else's order exists.
      const shipments = disclosure === 'refused' ? [] : await this.parts.finder.find(request, language, trace);
      found =
        disclosure === 'masked'
          ? { request, shipments: maskedShipments(shipments), masked: true }
          : { request, shipments };
      if (found.shipments.length) break;
    }
    return found;
  }

  /**
   * Whether lookups are paused now. When they are, that is said instead of a question that could only lead
   * to a refused lookup: when to try again, led by `lead` (a greeting), with the ways out that still work.
   */
  async saidPaused(context: TurnContext, lead?: string): Promise<boolean> {
    const admission = await this.parts.lookups.paused(context);
    if (admission.admitted) return false;
    const language = languageOf(context);
    const text = pauseText(admission, language.t);
    await this.paused(context, language, lead ? `${lead} ${text}` : text);
    return true;
  }

  /** Where the bot cannot help: a person, where one can come in, and the shop's help page, where there is one. */
  private waysOut(context: TurnContext, language: TurnLanguage): Choice[] {
    const page = helpPageChoice(this.parts.supportPages, language.language, language.t);
    const { person } = this.parts;
    return [...(person?.offeredOn(context) ? [person.choice(language.t)] : []), ...(page ? [page] : [])];
  }

  /** Lookups pause: why and when to try again, said with the ways out the shop has, which a number picks on a text channel. */
  private async paused(context: TurnContext, language: TurnLanguage, text: string): Promise<void> {
    const choices = this.waysOut(context, language);
    await sendText(context, text, choices);
    await this.parts.memory.offered(
      context,
      choices.filter((choice) => !choice.url).map((choice) => choice.value),
    );
  }

  /** Nothing to wait for once every parcel is delivered, returned or lost. */
  private notifyMe(context: TurnContext, shipments: Shipment[], t: TurnLanguage['t']): Choice[] {
    return this.parts.updates?.offered && !allFinal(shipments) ? [this.parts.understanding.choice(NOTIFY, t)] : [];
  }

  private followUps(t: TurnLanguage['t']): Choice[] {
    return FOLLOW_UPS.map((value) => this.parts.understanding.choice(value, t));
  }

  /** `signedIn`: the turn's customer was signed in, so a masked answer says the order is not theirs, not to sign in. */
  private async settled(
    context: TurnContext,
    lookups: Lookup[],
    language: TurnLanguage,
    settled: Settled<Found[]>,
    trace: LookupTrace,
    signedIn: boolean,
  ): Promise<Answered> {
    const { t } = language;
    const [first] = lookups;
    if (settled.ok && settled.value.some((found) => found.shipments.length)) {
      const found = settled.value.flatMap((result, i) =>
        result.shipments.length ? [{ ...result, lookup: lookups[i] }] : [],
      );
      const missing = lookups.filter((_, i) => !settled.value[i].shipments.length);
      // One number's list is the cache's own (the same object for every ask within the TTL): its rendering is kept with it.
      const shipments = found.length === 1 ? found[0].shipments : found.flatMap((result) => result.shipments);
      noteLookup(context, { kind: found[0].request.kind, outcome: 'found', shipments: shipments.length, ...trace });
      await this.parts.lookups.found(context);
      const list = (items: Array<{ shown: string }>) =>
        listOf(
          items.map((item) => item.shown),
          language.locale,
        );
      // What found nothing first: the intro ends with the colon that leads to the cards.
      const intro = [
        missing.length ? t('lookup.nothing_for', { identifiers: list(missing) }) : undefined,
        t('lookup.found', { count: shipments.length, identifier: list(found.map((result) => result.lookup)) }),
      ]
        .filter(Boolean)
        .join(' ');
      const cardContext = {
        t,
        locale: language.locale,
        timeZone: language.timeZone,
        customerTimeZone: language.customerTimeZone,
        channel: context.activity.channelId,
        now: this.parts.clock.now(),
        staleAfterDays: this.parts.staleAfterDays,
        signedIn,
      };
      // The answer's most pressing problem, worked out once: it decides the ways forward and what a refund asked next is about.
      const problem = pressingProblem(found, cardContext.now, this.parts.staleAfterDays);
      const choices = [
        ...(problem ? this.waysOut(context, language) : []),
        ...this.notifyMe(context, shipments, t),
        ...this.followUps(t),
      ];
      for (const message of this.parts.renderings.render(shipments, cardContext, { intro, choices }))
        await sendMessage(context, message);
      // What a number picks on a text channel: the choices it numbered, in that order (a page is no answer).
      await this.parts.memory.offered(
        context,
        choices.filter((choice) => !choice.url).map((choice) => choice.value),
      );
      // Masked is remembered with the number: "Notify me" on it sends masked updates.
      const remembered = found.map((result) => ({
        ...result.request,
        shown: result.lookup.shown,
        ...(result.masked && { masked: result.masked }),
      }));
      await this.parts.memory.lookedUp(
        context,
        remembered,
        problem && { state: problem.state, shown: problem.of.lookup.shown },
      );
      return { outcome: 'found' };
    }
    const reply = settled.ok ? NOT_FOUND : failureReply(settled.error);
    const request = settled.ok ? settled.value[0].request : first.request;
    if (!settled.ok && reply.kind !== 'abandoned')
      this.parts.logger.warn({ lookup: request.kind, error: errorLogFields(settled.error) }, 'lookup failed');
    const outcome = reply.kind === 'abandoned' ? 'abandoned' : settled.ok ? 'not_found' : failedLookup(settled.error);
    noteLookup(context, { kind: request.kind, outcome, ...(settled.ok && { shipments: 0 }), ...trace });
    if (reply.kind === 'not_found' && lookups.length > 1) {
      // Nothing for any of several numbers: said, and nothing asked (which number would it be?).
      const missed = await this.parts.lookups.missed(context);
      await this.parts.memory.missed(
        context,
        lookups.map((lookup) => lookup.shown),
      );
      const none = listOf(
        lookups.map((lookup) => lookup.shown),
        language.locale,
        'disjunction',
      );
      if (missed.pauseMinutes !== undefined) await this.pausedAfterMiss(context, language, none, missed.pauseMinutes);
      else await sendText(context, t('errors.not_found', { identifier: none }));
      return { outcome: 'apology' };
    }
    switch (reply.kind) {
      case 'not_found': {
        // A number looked up as a kind it clearly is not (an order ID asked as an order number) is no guess: it costs no miss;
        // nor does a number we read into the shop's format, as our reading may be what was wrong.
        const otherKinds = this.parts.understanding.kindsInsteadOf(first.request.kind, first.shown);
        const notice = notFound(first, otherKinds, t);
        if (otherKinds.length || first.fixedUp) return { outcome: 'not_found', otherKinds, notice };
        const missed = await this.parts.lookups.missed(context);
        await this.parts.memory.missed(context, [first.shown]);
        if (missed.pauseMinutes !== undefined) {
          // This miss starts a pause: asking for the number again would only meet it.
          await this.pausedAfterMiss(context, language, first.shown, missed.pauseMinutes);
          return { outcome: 'apology' };
        }
        return {
          outcome: 'not_found',
          otherKinds,
          notice: missed.left === 1 ? { ...notice, also: { key: 'limits.last_try' } } : notice,
        };
      }
      case 'store_refused':
        return {
          outcome: 'store_refused',
          notice: { key: 'errors.invalid_store', params: { store: first.storeName ?? request.storeId ?? '' } },
        };
      case 'apology':
      case 'abandoned':
        await sendText(
          context,
          t(reply.key, {
            identifier: listOf(
              lookups.map((lookup) => lookup.shown),
              language.locale,
            ),
          }),
        );
        return { outcome: 'apology' };
    }
  }

  /** The miss that starts a pause: nothing found, why lookups pause, and when to try again. */
  private async pausedAfterMiss(
    context: TurnContext,
    language: TurnLanguage,
    identifiers: string,
    minutes: number,
  ): Promise<void> {
    const { t } = language;
    await this.paused(
      context,
      language,
      `${t('lookup.nothing_for', { identifiers })} ${t('limits.misses', { count: minutes })}`,
    );
  }

  /**
   * The lookup needs longer than the channel gives a turn. With normal delivery the answer follows as
   * a message of its own; under expectReplies nothing can follow the turn, so the customer is asked to
   * ask again shortly, and the lookup goes on to fill the cache for that next ask.
   */
  private async answerLater(
    context: TurnContext,
    lookups: Lookup[],
    language: TurnLanguage,
    outcome: Promise<Settled<Found[]>>,
    trace: LookupTrace,
    signedIn: boolean,
  ): Promise<Answered> {
    noteLookup(context, { kind: lookups[0].request.kind, outcome: 'deferred', ...trace });
    if (context.activity.deliveryMode === DeliveryModes.ExpectReplies) {
      await sendText(context, language.t('lookup.try_shortly'));
    } else {
      await sendText(context, language.t('lookup.still_checking'));
      this.parts.later.deliver(context, outcome, async (later, settled) => {
        const answered = await this.settled(later, lookups, language, settled, trace, signedIn);
        // Nobody is waiting at a question any more: what would have been asked is said.
        if (answered.outcome === 'not_found' || answered.outcome === 'store_refused')
          await sendText(later, noticeText(answered.notice, language.t));
      });
    }
    return { outcome: 'deferred' };
  }
}

/** Why lookups pause, and in how many minutes (the clock's, rounded up) they may go on. */
function pauseText(admission: Exclude<Admission, { admitted: true }>, t: TurnLanguage['t']): string {
  return t(`limits.${admission.why}`, { count: admission.minutes });
}

/** "A, B and C" in the customer's language. */
export function listOf(items: string[], locale: string, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return items.length === 1 ? items[0] : new Intl.ListFormat(locale, { type }).format(items);
}

function notFound(lookup: Lookup, otherKinds: LookupKind[], t: TurnLanguage['t']): Notice {
  const identifier = lookup.shown;
  if (otherKinds.length)
    return { key: 'errors.not_found_as', params: { identifier, kind: t(`choice.${lookup.request.kind}`) } };
  const store = lookup.storeName ?? lookup.request.storeId;
  return store
    ? { key: 'errors.not_found_at_store', params: { identifier, store } }
    : { key: 'errors.not_found', params: { identifier } };
}
