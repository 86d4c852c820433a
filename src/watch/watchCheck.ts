/**
 * One check of one watch: look the request up again, and when a shipment's status moved, announce it
 * exactly once. The announcement is claimed first (a write under the watch's eTag, so only one of two
 * instances checking at once goes on), then sent, then recorded. A checker that dies between the claim
 * and the record leaves the change unrecorded, so the next check after the claim's lease sends it:
 * a change is never lost, and is sent twice only if the checker died in the moment between the
 * channel taking the message and the record being written.
 */
import type { Translator } from '../i18n';
import type { Clock } from '../runtime/clock';
import type { ShipmentFinder } from '../tracking/lookup';
import { allFinal, type Shipment } from '../tracking/shipment';
import type { Announcement, AnnouncementWriter } from './announcementWriter';
import type { Announcer, Delivery } from './announcerPort';
import { dueByAfter, dueByNeedsRefresh } from './dueBy';
import { changedSince, fingerprints } from './fingerprint';
import type { SendRate } from './sendRate';
import { laneOf, type Watch } from './watchRecord';
import type { WatchStore } from './watchStore';
import { NO_METRICS, type Metrics } from '../telemetry/metrics';
import { NO_SPAN, NO_TRACING, type Span, type Tracing } from '../telemetry/tracing';

/**
 * What becomes of the entry after a check: checked again later, or ended. `dropped`: it times nothing any
 * more (the watch was stopped or replaced), so it ends without a lookup. `held`: the schedule gave the
 * check no turn at the upstream (a pause, or stopping), so it goes back to the queue unchecked.
 * `deferred`: its customer's next turn is `delayMs` away, so it goes back to the queue until then, unchecked.
 */
export type Next =
  | { next: 'later'; delayMs: number }
  | { next: 'done' }
  | { next: 'dropped' }
  | { next: 'held' }
  | { next: 'deferred'; delayMs: number };

/**
 * Waits for the check's turn at the upstream (the check budget), asked with the watch's lane (its
 * customer): `go`; `held` when the schedule gives none (a pause, stopping); or `{ laterMs }` when the
 * lane's next turn is that far off (fairShare.ts), so the entry goes back to the queue until then.
 */
export type UpstreamTurn = (lane: string) => Promise<Turn>;
export type Turn = 'go' | 'held' | { laterMs: number };

interface CheckTiming {
  /** The usual time between two checks of a watch. */
  intervalMs: number;
  /** How long a claimed update is left to its checker (and a taken queue entry hidden): past it, another check takes over. */
  leaseMs: number;
  /** NOTIFY_FOR_DAYS: for the last message's words. */
  forDays: number;
}

export interface CheckParts {
  store: WatchStore;
  finder: ShipmentFinder;
  writer: AnnouncementWriter;
  announcer: Announcer;
  rate: SendRate;
  translator: Translator;
  clock: Clock;
  timing: CheckTiming;
  /** Checks by what they found, updates by whether the channel took them. */
  metrics?: Metrics;
  /** Each check a trace of its own (`watch.check`), linked to the turn that started the watch. */
  tracing?: Tracing;
}

/** A parcel on the van changes within hours: checked four times as often. */
const OUT_FOR_DELIVERY_FACTOR = 4;
const DONE: Next = { next: 'done' };
const DROPPED: Next = { next: 'dropped' };
const HELD: Next = { next: 'held' };

/** What the channel's answer to an update counts as. */
const UPDATE_RESULT = { sent: 'sent', gone: 'blocked', later: 'failed' } as const;

export class WatchCheck {
  private readonly metrics: Metrics;
  private readonly tracing: Tracing;

  constructor(private readonly parts: CheckParts) {
    this.metrics = parts.metrics ?? NO_METRICS;
    this.tracing = parts.tracing ?? NO_TRACING;
  }

  /**
   * Throws what the lookup throws (an outage, a 429): the scheduler backs off and the entry stays queued.
   * `turn` is asked only right before the lookup, so an entry with nothing to look up costs no budget.
   */
  async check(watchId: string, entry: string, turn: UpstreamTurn = () => Promise.resolve('go')): Promise<Next> {
    const stored = await this.parts.store.read(watchId);
    // Stopped, ended, or started again under a new entry: this entry has nothing more to time.
    if (!stored || stored.watch.entry !== entry) return DROPPED;
    const { watch, etag } = stored;
    const now = this.parts.clock.now();
    if (watch.sending && watch.sending.until > now) return this.later(watch.sending.until - now);
    return this.tracing.inSpan('watch.check', { root: true, linkTo: watch.startedIn }, (span) =>
      this.checkNow(watch, etag, now, turn, span),
    );
  }

  /** The check proper, in its span: `watch.result` says what it found, `watch.update` what the channel did with the update. */
  private async checkNow(watch: Watch, etag: string, now: number, turn: UpstreamTurn, span: Span): Promise<Next> {
    const checked = (result: 'unchanged' | 'changed' | 'expired' | 'failed') => {
      this.metrics.count('bot_watch_checks_total', { result });
      span.set({ 'watch.result': result });
    };
    // The channel may reach the customer for less long than the watch runs (WhatsApp's window): read at each check,
    // so a new message of the customer extends it with no write to the watch.
    const reach = await this.parts.announcer.reachableUntil?.(watch);
    // The check's language, decided once: what it looks up, writes and sends are in it.
    const speaking = this.parts.translator.localize(watch.locale);
    const endsAt = reach === undefined ? watch.expiresAt : Math.min(reach, watch.expiresAt);
    if (now >= endsAt) {
      checked('expired');
      if (endsAt < watch.expiresAt)
        return this.deliver(watch, etag, this.parts.writer.windowClosing(watch, speaking), undefined, span);
      return this.deliver(
        watch,
        etag,
        this.parts.writer.expired(watch, speaking, this.parts.timing.forDays),
        undefined,
        span,
      );
    }
    const given = await turn(laneOf(watch));
    if (given === 'held') return HELD;
    // Not this customer's turn yet: back in the queue until it is, with nothing looked up.
    if (given !== 'go') return { next: 'deferred', delayMs: given.laterMs };
    // Read again: the turn may have waited.
    const at = this.parts.clock.now();

    const shipments = await this.parts.finder.find(watch.request, speaking.language).catch((error: unknown) => {
      checked('failed');
      throw error;
    });
    const changed = changedSince(watch.announced, shipments);
    checked(changed.length ? 'changed' : 'unchanged');
    if (!changed.length) return this.unchanged(watch, etag, this.delayFor(endsAt, shipments, at));
    const last = allFinal(shipments);
    const announced = { ...watch.announced, ...fingerprints(shipments) };
    const update = { ...this.parts.writer.update(watch, speaking, changed, at, last), announces: announced };
    return this.deliver(
      watch,
      etag,
      update,
      last ? undefined : { announced, nextMs: this.delayFor(endsAt, shipments, at) },
      span,
    );
  }

  /**
   * Claims, sends and records one message. With `then` the watch goes on with those fingerprints and
   * its next check; without, the message was its last and the watch ends once it is sent.
   */
  private async deliver(
    watch: Watch,
    etag: string,
    announcement: Announcement,
    then?: { announced: Record<string, string>; nextMs: number },
    span: Span = NO_SPAN,
  ): Promise<Next> {
    const { store } = this.parts;
    const claimed = await this.claim(watch, etag);
    if (!claimed) return this.later(this.parts.timing.leaseMs);
    const delivery = await this.send(watch, announcement);
    this.metrics.count('bot_watch_updates_total', { result: UPDATE_RESULT[delivery.outcome] });
    span.set({ 'watch.update': UPDATE_RESULT[delivery.outcome] });
    switch (delivery.outcome) {
      case 'gone':
        return this.endConversation(watch);
      case 'later':
        // Not sent: the claim is let go, and the same message goes out at the next check.
        await store.write({ ...watch, sending: undefined }, claimed);
        return this.later(delivery.afterMs);
      case 'sent':
        if (!then) {
          await store.remove(watch.id);
          return DONE;
        }
        // Undefined: the customer stopped the watch while its update was on its way.
        if (
          !(await store.write(
            { ...watch, announced: then.announced, sending: undefined, dueBy: this.dueBy(then.nextMs) },
            claimed,
          ))
        )
          return DONE;
        return this.later(then.nextMs);
    }
  }

  /** Nothing new: the next check after `delayMs`, and now and then the sweep's deadline moved on (dueBy.ts). */
  private async unchanged(watch: Watch, etag: string, delayMs: number): Promise<Next> {
    const now = this.parts.clock.now();
    // A lost race (a stop, another check) changes nothing here: whoever won wrote the watch.
    if (dueByNeedsRefresh(watch, now, delayMs, this.parts.timing.intervalMs))
      await this.parts.store.write({ ...watch, dueBy: this.dueBy(delayMs) }, etag);
    return this.later(delayMs);
  }

  private dueBy(delayMs: number): number {
    return dueByAfter(this.parts.clock.now(), delayMs, this.parts.timing.intervalMs);
  }

  /** The update is this check's to send; undefined when another check or a stop came first. */
  private claim(watch: Watch, etag: string): Promise<string | undefined> {
    return this.parts.store.write(
      { ...watch, sending: { until: this.parts.clock.now() + this.parts.timing.leaseMs } },
      etag,
    );
  }

  private async send(watch: Watch, announcement: Announcement): Promise<Delivery> {
    await this.parts.rate.admit(watch.conversation, watch.tenant);
    return this.parts.announcer.announce(watch, announcement);
  }

  /** The conversation takes no more messages (the bot was blocked or removed): every watch of it ends. */
  private async endConversation(watch: Watch): Promise<Next> {
    const { store } = this.parts;
    const all = await store.ofConversation(watch.conversation);
    await Promise.all([watch, ...all].map((each) => store.remove(each.id)));
    return DONE;
  }

  /** The next check: sooner while a parcel is out for delivery, and never after the watch's end (or the channel's reach). */
  private delayFor(endsAt: number, shipments: Shipment[], now: number): number {
    const { intervalMs } = this.parts.timing;
    const soon = shipments.some((shipment) => shipment.status.category === 'out_for_delivery');
    const usual = soon ? Math.max(1_000, Math.round(intervalMs / OUT_FOR_DELIVERY_FACTOR)) : intervalMs;
    return Math.max(0, Math.min(usual, endsAt - now));
  }

  private later(delayMs: number): Next {
    return { next: 'later', delayMs };
  }
}
