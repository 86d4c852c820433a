/**
 * What a conversation can do with watches: start them on what it looked up, list them, stop them.
 * The dialogs call this; the checks run elsewhere (WatchScheduler), on the same store and queue.
 */
import { randomUUID } from 'node:crypto';
import type { Translator } from '../i18n';
import type { Clock } from '../runtime/clock';
import type { LookupRequest, ShipmentFinder } from '../tracking/lookup';
import { dueByAfter } from './dueBy';
import { fingerprints } from './fingerprint';
import { allFinal } from '../tracking/shipment';
import { conversationTag, watchId, type Recipient, type Watch } from './watchRecord';
import type { WatchQueue } from './watchQueue';
import { WatchRoom } from './watchRoom';
import type { WatchStore } from './watchStore';
import { NO_TRACING, type Tracing } from '../telemetry/tracing';
import { StorageNames } from '../runtime/storageNames';

export interface WatchSettings {
  /** NOTIFY_FOR_DAYS: how long a watch lasts. */
  forDays: number;
  /** NOTIFY_MAX_PER_CONVERSATION: 0 turns "Notify me" off. */
  maxPerConversation: number;
  /** NOTIFY_MAX_PER_CUSTOMER: across the customer's conversations; no cap unless given. */
  maxPerCustomer?: number;
  /** NOTIFY_INTERVAL_MS: the first check comes after this. */
  intervalMs: number;
  /** NOTIFY_MAX_WATCHES: watches kept at most, where a visitor's makes room for a new one (watchRoom.ts); no bound unless given. */
  maxWatches?: number;
}

/** The turn that asks for updates: its conversation's key (channel and conversation id), and where they go. */
export interface Asker extends Recipient {
  conversation: string;
  /**
   * The watches this customer started, in any conversation: their own record, kept where the customer is
   * known (the channel's user id). Some may have ended since. Absent: no customer, no customer's cap.
   */
  customerWatches?: string[];
  /** The customer as the channel names them (channel and user id), where it does: checks take turns by customer. Kept only hashed. */
  customer?: string;
  /** The customer was signed in: an order shown to them masked is not in their account, and its updates say so. */
  signedIn?: boolean;
}

export interface Watchable {
  request: LookupRequest;
  shown: string;
  /** The answer showed it masked: so do its updates. */
  masked?: boolean;
}

/** What became of each thing the customer asked to watch, by the identifier as they typed it. */
export interface Started {
  started: string[];
  /** Watched already: its time starts again. */
  renewed: string[];
  /** Delivered, returned or lost already: nothing to wait for. */
  final: string[];
  /** Found nothing (any more). */
  missing: string[];
  /** Not started: the conversation has the most watches it may have. */
  full: string[];
  /** Not started: the customer has the most watches they may have, across conversations. */
  customerFull: string[];
  /** Not started: as many watches are kept as may be (NOTIFY_MAX_WATCHES), and none of them is a visitor's that could make room. */
  busy: string[];
  /** The customer's watches now, for their record: the ones that still run, and those just started. */
  customerWatches?: string[];
  /** When the watches end. */
  until: number;
  /** The channel reaches the customer only until then (WhatsApp's window), before `until`: the watches end then unless they write again. */
  reachableUntil?: number;
}

const DAY_MS = 86_400_000;

export class Watches {
  private readonly room: WatchRoom;

  constructor(
    private readonly store: WatchStore,
    private readonly queue: WatchQueue,
    private readonly finder: ShipmentFinder,
    private readonly translator: Translator,
    private readonly clock: Clock,
    private readonly settings: WatchSettings,
    /** Told when a watch was added, so an idle scheduler in this process looks again. */
    private readonly added: () => void = () => {},
    /** Where the asking turn's trace is read from, for the watch's checks to link to. */
    private readonly tracing: Tracing = NO_TRACING,
    /**
     * A conversation's tag, from its key: a keyed hash (StorageNames.conversation), the name its state is kept
     * under too. Watches kept from before tags were keyed are under conversationTag(), and are found there as well.
     */
    private readonly tagOf: (conversation: string) => string = StorageNames.ofThisProcess().conversation,
    /** Until when the channel can reach a recipient (Announcer.reachableUntil), for the customer to be told. */
    private readonly reach: (recipient: Recipient) => Promise<number | undefined> = () => Promise.resolve(undefined),
  ) {
    this.room = new WatchRoom(store, queue, clock, settings);
  }

  get enabled(): boolean {
    return this.settings.maxPerConversation > 0;
  }

  get maxPerConversation(): number {
    return this.settings.maxPerConversation;
  }

  get maxPerCustomer(): number | undefined {
    return this.settings.maxPerCustomer;
  }

  /**
   * Watches each thing from now on, from what it shows now (the customer just saw it). One lookup each,
   * from the lookup cache when the answer was just given.
   */
  async start(asker: Asker, things: Watchable[]): Promise<Started> {
    const conversation = this.tagOf(asker.conversation);
    const formerTag = conversationTag(asker.conversation);
    const now = this.clock.now();
    const until = now + this.settings.forDays * DAY_MS;
    const result: Started = {
      started: [],
      renewed: [],
      final: [],
      missing: [],
      full: [],
      customerFull: [],
      busy: [],
      until,
    };
    const existing = await this.list(asker.conversation);
    const language = this.translator.localize(asker.locale).language;
    let mine = asker.customerWatches && [...new Set(asker.customerWatches)];
    for (const thing of things) {
      const id = watchId(conversation, thing.request);
      const kept = existing.find((watch) => watch.id === id || watch.id === watchId(formerTag, thing.request));
      const shipments = await this.finder.find(thing.request, language);
      if (!shipments.length) result.missing.push(thing.shown);
      else if (allFinal(shipments)) result.final.push(thing.shown);
      else if (kept && (await this.renew(kept.id, asker, until, detailsOf(thing, asker))))
        result.renewed.push(thing.shown);
      else if (existing.length + result.started.length >= this.settings.maxPerConversation)
        result.full.push(thing.shown);
      else if (mine && (mine = await this.stillRunning(mine)).length >= this.customerCap)
        result.customerFull.push(thing.shown);
      else if (!(await this.room.make())) result.busy.push(thing.shown);
      else {
        const watch: Watch = {
          ...recipientOf(asker),
          id,
          conversation,
          request: thing.request,
          shown: thing.shown,
          details: detailsOf(thing, asker),
          announced: fingerprints(shipments),
          entry: randomUUID(),
          startedAt: now,
          expiresAt: until,
          dueBy: dueByAfter(now, this.settings.intervalMs, this.settings.intervalMs),
          startedIn: this.tracing.current(),
          // Keyed as a conversation's tag is: on SMS the user id is a phone number, which an unkeyed hash would not hide.
          ...(asker.customer !== undefined && { customer: this.tagOf(`customer\u0000${asker.customer}`) }),
          ...(asker.signedIn && { signedIn: true }),
        };
        // Written before it is queued: a queued entry whose watch is missing is simply dropped when due.
        if ((await this.store.write(watch, undefined)) === undefined) {
          // A write of the same watch came first.
          result.renewed.push(thing.shown);
          continue;
        }
        this.room.added();
        await this.queue.add(id, watch.entry, this.settings.intervalMs);
        if (mine && !mine.includes(id)) mine.push(id);
        result.started.push(thing.shown);
      }
    }
    result.customerWatches = mine;
    if (result.started.length || result.renewed.length) {
      const reach = await this.reach(recipientOf(asker));
      if (reach !== undefined && reach < until) result.reachableUntil = reach;
    }
    if (result.started.length) this.added();
    return result;
  }

  private get customerCap(): number {
    return this.settings.maxPerCustomer ?? Number.POSITIVE_INFINITY;
  }

  /**
   * The customer's watches that still run. Read only when the record is at the cap: watches also end on
   * their own (delivered, expired, blocked), and the record learns it here.
   */
  private async stillRunning(mine: string[]): Promise<string[]> {
    if (mine.length < this.customerCap) return mine;
    const stored = await Promise.all(mine.map((id) => this.store.read(id)));
    return mine.filter((_, i) => stored[i] !== undefined);
  }

  /** The conversation's watches, oldest first (those kept under its former tag too). */
  async list(conversation: string): Promise<Watch[]> {
    const [named, former] = await Promise.all(this.tagsOf(conversation).map((tag) => this.store.ofConversation(tag)));
    return former.length ? [...named, ...former].sort((a, b) => a.startedAt - b.startedAt) : named;
  }

  /** How many of this conversation's watches could not be read and were set aside since it was last asked. */
  async setAside(conversation: string): Promise<number> {
    const counts = await Promise.all(this.tagsOf(conversation).map((tag) => this.store.setAside(tag)));
    return counts[0] + counts[1];
  }

  /** The conversation's tag, and the one its watches had before tags were keyed (they end within NOTIFY_FOR_DAYS). */
  private tagsOf(conversation: string): [string, string] {
    return [this.tagOf(conversation), conversationTag(conversation)];
  }

  /** Stops one watch of this conversation, or all of them; what was stopped. */
  async stop(conversation: string, id?: string): Promise<Watch[]> {
    const all = await this.list(conversation);
    const stopping = id ? all.filter((watch) => watch.id === id) : all;
    await Promise.all(
      stopping.map(async (watch) => {
        await this.store.remove(watch.id);
        // Its timer goes too, where the queue can reach it; elsewhere it is dropped when due, unchecked.
        await this.queue.drop?.(watch.id, watch.entry);
      }),
    );
    return stopping;
  }

  /**
   * An existing watch of this conversation starts its time again, speaking as the customer does now and
   * showing what they were just shown. One that was making room goes on instead (asked again before its
   * last line went out).
   */
  private async renew(id: string, asker: Asker, until: number, details: Watch['details']): Promise<boolean> {
    const stored = await this.store.read(id);
    if (!stored) return false;
    const renewed = await this.store.write(
      {
        ...stored.watch,
        ...recipientOf(asker),
        details,
        expiresAt: until,
        startedIn: this.tracing.current() ?? stored.watch.startedIn,
        yielded: undefined,
        ...(asker.signedIn && { signedIn: true }),
      },
      stored.etag,
    );
    return renewed !== undefined || (await this.store.read(id)) !== undefined;
  }
}

function detailsOf(thing: Watchable, asker: Asker): Watch['details'] {
  if (!thing.masked) return 'full';
  return asker.signedIn ? 'not_yours' : 'masked';
}

/** The asker's recipient part, without its conversation key and customer (a watch keeps their tags instead), the customer's record or whether they were signed in (its `details` and `signedIn` keep that). */
function recipientOf({
  conversation: _key,
  customer: _customer,
  customerWatches: _record,
  signedIn: _signedIn,
  ...recipient
}: Asker): Recipient {
  // Not the message that asked: an update replies to nothing, and on WhatsApp a message id encodes the customer's number.
  const { activityId: _asked, ...reference } = recipient.reference;
  return { ...recipient, reference };
}
