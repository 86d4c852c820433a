/**
 * The lookup as an AI agent's tools (POST /mcp, mcpRoute.ts holds the protocol): `track` and `list_orders`,
 * their schemas and their answers. Everything a Web Chat visitor's lookup goes through, this goes through:
 * the number read as the bot reads typed text, ORDER_DETAILS deciding what the caller sees (a customer token
 * that owns the order shows the owner's view), the bot's finder (cache, retries, deadline), and the answer a
 * text channel gets, in the asked language. Nothing of the identifier or the token goes into a log line.
 */
import { z } from 'zod';
import { renderShipments } from '../cards';
import { cleanUrl } from '../cards/sanitize';
import type { CustomerTokenVerifier } from '../customers/customerToken';
import { asListed, disclosureOf, type DisclosurePolicy } from '../customers/disclosure';
import { maskedShipments } from '../customers/maskedShipments';
import { lookupableOrders } from '../customers/ownedOrders';
import { CustomerTokenRefused, MAX_CUSTOMER_TOKEN } from '../customers/tokenRefusal';
import { LANGUAGES, type Localization, type Translator } from '../i18n';
import type { Store, Understanding } from '../recognize';
import { validateIdentifier } from '../recognize';
import type { Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import type { Metrics } from '../telemetry/metrics';
import { errorLogFields, InvalidArgumentError, NotFoundError } from '../tracking/errors';
import {
  interfaceFor,
  LOOKUP_KINDS,
  type LookupRequest,
  type LookupTrace,
  type ShipmentFinder,
} from '../tracking/lookup';
import { lookupResult, type LookupEnd } from '../tracking/lookupResult';
import { STATUS_CATEGORIES, type Shipment } from '../tracking/shipment';

/**
 * The channel the answer's text is rendered for: one the table (src/channels/profile.ts) does not name, so plain text, as
 * any channel gets it, and a masked answer points to the shop's website to sign in. Not a Bot Framework channel, so not a row.
 */
const CHANNEL = 'mcp';
const text = (max: number) => z.string().trim().min(1).max(max);

export const TRACK_INPUT = z.object({
  identifier: text(128).describe(
    'The order number, tracking number, order ID or store order number, as the customer gave it.',
  ),
  kind: z
    .enum(LOOKUP_KINDS)
    .optional()
    .describe('What the identifier is. Leave it out to have it recognized as the chat bot recognizes typed text.'),
  store_id: text(128).optional().describe("The store of a store's own order number (kind external_order)."),
  language: z.enum(LANGUAGES).optional().describe("The language of the answer's texts."),
  customer_token: text(MAX_CUSTOMER_TOKEN)
    .optional()
    .describe(
      "The shop's customer token for the signed-in customer, as the chat widget takes it. With it, the customer's own orders show in full.",
    ),
});
export type TrackInput = z.infer<typeof TRACK_INPUT>;

const EVENT = z.object({
  at: z.string().optional().describe('ISO 8601'),
  status: z.enum(STATUS_CATEGORIES),
  text: z.string().optional(),
  location: z.string().optional().describe('Only in the full view.'),
});

const SHIPMENT = z.object({
  status: z.enum(STATUS_CATEGORIES),
  status_text: z.string().optional(),
  delayed: z.boolean(),
  exception: z.boolean(),
  ordered_at: z.string().optional(),
  updated_at: z.string().optional(),
  carrier: z.string().optional().describe('Only in the full view.'),
  tracking_number: z.string().optional().describe('Only in the full view.'),
  tracking_link: z.string().optional().describe('Only in the full view.'),
  events: z.array(EVENT).describe('Newest first.'),
});

export const TRACK_OUTPUT = z.object({
  kind: z.enum(LOOKUP_KINDS),
  found: z.boolean(),
  details: z
    .enum(['full', 'masked'])
    .describe(
      'masked: the caller is not known as the order’s owner; carrier, tracking number, link and places are left out.',
    ),
  shipments: z.array(SHIPMENT),
});
export type TrackOutput = z.infer<typeof TRACK_OUTPUT>;

export const ORDERS_INPUT = z.object({
  customer_token: text(MAX_CUSTOMER_TOKEN).describe(
    "The shop's customer token for the signed-in customer, as the chat widget takes it.",
  ),
  language: z.enum(LANGUAGES).optional(),
});
export type OrdersInput = z.infer<typeof ORDERS_INPUT>;

export const ORDERS_OUTPUT = z.object({
  orders: z
    .array(
      z.object({
        kind: z.enum(LOOKUP_KINDS),
        identifier: z.string(),
        store_id: z.string().optional(),
        title: z.string(),
      }),
    )
    .describe('Newest first; each one a `track` call away.'),
});
export type OrdersOutput = z.infer<typeof ORDERS_OUTPUT>;

/** A tool's answer: its data and the words for the user, or (error) what the agent should do instead. */
export type ToolAnswer<T> = { structured: T; text: string } | { error: string };

export interface TrackingToolsParts {
  finder: ShipmentFinder;
  understanding: Understanding;
  translator: Translator;
  /** Unset where the shop signs no customers in: a customer_token is then refused. */
  verifier?: CustomerTokenVerifier;
  disclosure: DisclosurePolicy;
  stores?: readonly Store[];
  clock: Clock;
  defaultTimeZone: string;
  staleAfterDays: number;
  metrics: Metrics;
  logger: Logger;
}

const SIGN_IN_AGAIN =
  "Ask the customer to sign in on the shop's website again and pass the new token; calling again with this one will not help.";

export class TrackingTools {
  constructor(private readonly parts: TrackingToolsParts) {}

  async track(input: TrackInput): Promise<ToolAnswer<TrackOutput>> {
    const language = this.parts.translator.localize(input.language);
    const request = this.requestOf(input);
    if ('error' in request) return request;
    const owner = input.customer_token === undefined ? undefined : await this.customer(input.customer_token);
    if (owner && 'error' in owner) return owner;
    const { disclosure: policy, finder } = this.parts;
    const listed = asListed(request, owner, policy.defaultStoreId);
    const disclosure = disclosureOf(listed, owner, policy);
    const trace: LookupTrace = {};
    let shipments: Shipment[];
    try {
      // Refused (ORDER_DETAILS=verified): answered as unknown, the upstream not asked, as in the chat.
      shipments = disclosure === 'refused' ? [] : await finder.find(listed, language.language, trace);
    } catch (error) {
      if (error instanceof NotFoundError) shipments = [];
      else return this.failed(listed, error, trace, language);
    }
    this.count(listed, shipments.length ? 'found' : 'not_found', trace);
    const shown = disclosure === 'masked' ? maskedShipments(shipments) : shipments;
    return {
      structured: {
        kind: listed.kind,
        found: shown.length > 0,
        details: disclosure === 'masked' ? 'masked' : 'full',
        shipments: shown.map(shipmentOut),
      },
      text: shown.length
        ? this.answerText(shown, input.identifier, language, owner !== undefined)
        : language.t('errors.not_found', { identifier: input.identifier }),
    };
  }

  async listOrders(input: OrdersInput): Promise<ToolAnswer<OrdersOutput>> {
    const { t } = this.parts.translator.localize(input.language);
    const owner = await this.customer(input.customer_token);
    if ('error' in owner) return owner;
    const orders = lookupableOrders(owner, this.parts.finder.kinds(), this.parts.stores);
    return {
      structured: {
        orders: orders.map(({ title, data }) => ({
          kind: data.input_type,
          identifier: data.identifier,
          ...(data.store_id && { store_id: data.store_id }),
          title,
        })),
      },
      text: orders.length
        ? [t('orders.pick'), ...orders.map((order) => `• ${order.title}`)].join('\n')
        : t('orders.none'),
    };
  }

  /** The lookup asked for: of the kind given, or the kind the bot would read the identifier as. */
  private requestOf(input: TrackInput): LookupRequest | { error: string } {
    const kind = input.kind ?? (input.store_id ? 'external_order' : undefined);
    if (!kind) {
      const read = this.parts.understanding.read(input.identifier).number;
      if (read.type === 'match') return read.request;
      const kinds = read.type === 'ambiguous' ? read.kinds : this.parts.finder.kinds();
      return {
        error: `The identifier could be ${read.type === 'ambiguous' ? 'any' : 'none'} of these kinds: call again with kind set to one of ${kinds.join(', ')}.`,
      };
    }
    if (!this.parts.finder.kinds().includes(kind))
      return { error: `This shop cannot look up kind ${kind}: use one of ${this.parts.finder.kinds().join(', ')}.` };
    const request = this.parts.understanding.requestAs(kind, input.identifier);
    if (!request)
      return { error: `The identifier is not a valid ${kind}: check it with the customer, or give another kind.` };
    if (kind !== 'external_order') return request;
    const store = input.store_id ?? this.parts.disclosure.defaultStoreId;
    const valid = store === undefined ? undefined : validateIdentifier('store', store);
    return valid?.ok
      ? { ...request, storeId: valid.value }
      : { error: 'A store order number needs store_id: the store the order was placed in.' };
  }

  /** The customer the token names, nothing of them kept; or why the agent should ask them to sign in again. */
  private async customer(
    token: string,
  ): Promise<{ orders: Awaited<ReturnType<CustomerTokenVerifier['verify']>>['orders'] } | { error: string }> {
    if (!this.parts.verifier) return { error: 'This shop signs no customers in: leave customer_token out.' };
    try {
      return await this.parts.verifier.verify(token);
    } catch (error) {
      if (error instanceof CustomerTokenRefused)
        return { error: `The customer token was refused (${error.reason}). ${SIGN_IN_AGAIN}` };
      throw error;
    }
  }

  private failed(
    request: LookupRequest,
    error: unknown,
    trace: LookupTrace,
    language: Localization,
  ): { error: string } {
    const end: LookupEnd = error instanceof InvalidArgumentError ? 'refused' : 'failed';
    this.count(request, end, trace);
    if (end === 'refused')
      return {
        error: `The tracking service refused the ${error instanceof InvalidArgumentError && error.argument.startsWith('store') ? 'store_id' : 'identifier'}: check it with the customer.`,
      };
    this.parts.logger.warn({ lookup: request.kind, error: errorLogFields(error) }, 'mcp lookup failed');
    return { error: language.t('errors.unavailable') };
  }

  private count(request: LookupRequest, end: LookupEnd, trace: LookupTrace): void {
    this.parts.metrics.count('bot_lookups_total', {
      kind: request.kind,
      interface: interfaceFor(request.kind),
      result: lookupResult(end, trace.cache),
      via: 'mcp',
    });
  }

  /** What a text channel's customer reads: the intro and each parcel's block (the renderer caps them), and how to see more. */
  private answerText(shipments: Shipment[], identifier: string, language: Localization, signedIn: boolean): string {
    const { t, locale } = language;
    const context = {
      t,
      locale,
      timeZone: this.parts.defaultTimeZone,
      channel: CHANNEL,
      now: this.parts.clock.now(),
      staleAfterDays: this.parts.staleAfterDays,
      signedIn,
    };
    const intro = t('lookup.found', { count: shipments.length, identifier });
    return renderShipments(shipments, context, { intro })
      .map((message) => message.text)
      .filter(Boolean)
      .join('\n\n');
  }
}

/** A shipment as the tool's data: fields copied by name, so that a masked one carries nothing it left out. */
function shipmentOut(shipment: Shipment): TrackOutput['shipments'][number] {
  const full = !shipment.withheld;
  const link = full ? cleanUrl(shipment.carrier.trackingUrl) : undefined;
  return {
    status: shipment.status.category,
    ...(shipment.status.label && { status_text: shipment.status.label }),
    delayed: shipment.delayed,
    exception: shipment.exception,
    ...(shipment.orderedAt && { ordered_at: shipment.orderedAt }),
    ...(shipment.updatedAt && { updated_at: shipment.updatedAt }),
    ...(full && shipment.carrier.name && { carrier: shipment.carrier.name }),
    ...(full && shipment.trackingNumber && { tracking_number: shipment.trackingNumber }),
    ...(link && { tracking_link: link }),
    events: shipment.events.map((event) => ({
      ...(event.at && { at: event.at }),
      status: event.category,
      ...(event.text && { text: event.text }),
      ...(full && event.location && { location: event.location }),
    })),
  };
}
