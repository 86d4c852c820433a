/**
 * The case a person takes over: what this conversation looked up, and where each shipment stands now.
 * It travels to the agent hub (the `handoff.initiate` event's value, Omnichannel's context variables) and
 * becomes the summary the customer can forward. Built fresh at handoff from the identifiers the
 * conversation found, so conversation state never holds order data. Every text is cut to size.
 */
import { LIMITS, clean } from '../cards/sanitize';
import type { Translate } from '../i18n';
import type { LookupKind } from '../tracking/lookup';
import { newestFirst, type Shipment, type StatusCategory, type TrackingEvent } from '../tracking/shipment';

/** A case names at most this many lookups (the newest), and this many shipments of each. */
export const CASE_LIMITS = { lookups: 5, shipmentsPerLookup: 10 } as const;

export interface HandoffCase {
  /** The customer's language (two letters), and their full locale. */
  language: string;
  locale: string;
  /** Whether the store's site signed the customer in (their claims are kept); never who they are. */
  signedIn: boolean;
  /** What the conversation looked up, oldest first. */
  lookups: CaseLookup[];
  /** Numbers tried that found nothing, as typed (masked where the customer's client reads the case), oldest first. */
  tried?: string[];
}

export interface CaseLookup {
  kind: LookupKind;
  /** As the customer typed it. */
  identifier: string;
  storeId?: string;
  /** Where its shipments stand now; empty when they could not be fetched again in time. */
  shipments: CaseShipment[];
}

export interface CaseShipment {
  carrier?: string;
  trackingNumber?: string;
  status: StatusCategory;
  /** The status in the customer's words. */
  statusText: string;
  /** What last happened: in standard words, or the carrier's message (whole case only), else ours for its category; where, on a whole case only. */
  lastEvent?: { at?: string; text?: string; location?: string };
  /**
   * The problem state of the shipment (lost, returned, stale, …), when it has one. Filled by whoever
   * knows the problem states (`problemOf`, the next-steps rules of issue #14 section 1).
   */
  problem?: string;
  /** Masked for the customer's own copy (ORDER_DETAILS): no carrier or number to name, nor to say is missing. */
  withheld?: true;
}

export interface LookedUp {
  kind: LookupKind;
  identifier: string;
  shown: string;
  storeId?: string;
  /** Undefined when they could not be fetched again. */
  shipments?: Shipment[];
}

export interface CaseOptions {
  language: string;
  locale: string;
  signedIn: boolean;
  t: Translate;
  /** The problem state of a shipment, if any. */
  problemOf?: (shipment: Shipment) => string | undefined;
  /** Numbers tried that found nothing, as typed. */
  tried?: readonly string[];
  /** The case travels where the customer's client can read it: the numbers tried are masked too. */
  masked?: boolean;
}

export function caseOf(lookups: readonly LookedUp[], options: CaseOptions): HandoffCase {
  return {
    language: options.language,
    locale: options.locale,
    signedIn: options.signedIn,
    lookups: lookups.slice(-CASE_LIMITS.lookups).map((lookup) => ({
      kind: lookup.kind,
      identifier: clean(lookup.shown, LIMITS.trackingNumber) ?? lookup.identifier,
      ...(lookup.storeId && { storeId: lookup.storeId }),
      shipments: (lookup.shipments ?? [])
        .slice(0, CASE_LIMITS.shipmentsPerLookup)
        .map((shipment) => caseShipment(shipment, options)),
    })),
    ...tried(options),
  };
}

/** The numbers tried, cut to size; masked, all but their last four characters, where the customer's client reads the case. */
function tried({ tried, masked }: CaseOptions): Pick<HandoffCase, 'tried'> {
  const numbers = (tried ?? [])
    .slice(-CASE_LIMITS.lookups)
    .flatMap((typed) => clean(typed, LIMITS.trackingNumber) ?? []);
  return numbers.length ? { tried: masked ? numbers.map(maskedNumber) : numbers } : {};
}

/** "*********01GB": enough for the customer to recognize their own number, not enough to look it up. */
function maskedNumber(typed: string): string {
  const kept = typed.length > 4 ? typed.slice(-4) : '';
  return '*'.repeat(typed.length - kept.length) + kept;
}

function caseShipment(shipment: Shipment, { t, problemOf }: CaseOptions): CaseShipment {
  const status = shipment.status?.category ?? 'unknown';
  const label = shipment.localizedTexts ? clean(shipment.status?.label, LIMITS.statusLabel) : undefined;
  const [last] = newestFirst(shipment.events ?? []);
  return present({
    carrier: clean(shipment.carrier?.name, LIMITS.carrier),
    trackingNumber: clean(shipment.trackingNumber, LIMITS.trackingNumber),
    status,
    statusText: label ?? t(`status.${status}`),
    lastEvent:
      last &&
      present({
        at: last.at,
        text: lastWords(last, shipment.localizedTexts, t),
        location: clean(last.location, LIMITS.location),
      }),
    problem: problemOf?.(shipment),
    withheld: shipment.withheld,
  }) as CaseShipment;
}

/** The event's standard words, else the carrier's message (which a masked shipment has not), else ours for its category. */
function lastWords(event: TrackingEvent, localized: boolean, t: Translate): string {
  return (
    (localized ? clean(event.text, LIMITS.eventText) : undefined) ??
    clean(event.carrierText, LIMITS.eventText) ??
    t(`status.${event.category ?? 'unknown'}`)
  );
}

/** The fields that have a value: the case is JSON for a hub, and `undefined` is no value there. */
function present<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
