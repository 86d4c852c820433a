/**
 * Generators for the fuzz test of POST /api/messages (test/bot/fuzz.test.ts): random activities and
 * bodies as plain data, so fast-check can print, replay and shrink them. The few values known only at
 * run time (the capturing connector's URL, fresh conversation and activity ids) are placeholders that
 * the test fills in just before sending; see `materialize` there.
 */
import fc from 'fast-check';
import { DEMO } from '../../sandbox/simulators';
import type { Fault } from '../../sandbox/simulators';
import { LOOKUP_KINDS } from '../../src/tracking/lookup';
import { API_KEY, CREDENTIALS } from './upstreams';

/** Placeholders, replaced when the request is sent. */
export const PLACEHOLDER = {
  /** serviceUrl: the capturing connector (normal delivery must reach something that answers at once). */
  connector: '<connector>',
  /** conversation.id: a conversation never used before. */
  freshConversation: '<fresh conversation>',
  /** id: an activity id never used before. */
  freshId: '<fresh id>',
  /** id: the id of an activity this conversation already had answered (a channel's re-send). */
  redeliver: '<redelivered id>',
} as const;
/** conversation.id: one of a few conversations that get hundreds of activities each, so dialogs are mid-flight. */
const longConversation = (n: number) => `<long conversation ${n}>`;
export const LONG_CONVERSATIONS = 4;
/** n for longConversation(n), else undefined. */
export const longConversationIndex = (id: unknown) =>
  typeof id === 'string' ? /^<long conversation (\d+)>$/.exec(id)?.[1] : undefined;

const BOT = { id: 'bot-fuzz', name: 'Order Tracking' };

/** Message text carries this marker now and then; the test checks that no log line ever contains one. */
export const MARKER = /fz⟦[0-9a-f]{8}⟧/g;

/** Text of a given length without a 300 KB string in fast-check's counterexample: printed as huge("ab" × 150000). */
class HugeText {
  constructor(
    readonly unit: string,
    readonly times: number,
  ) {}
  toJSON(): string {
    return this.unit.repeat(this.times);
  }
  [fc.toStringMethod](): string {
    return `huge(${JSON.stringify(this.unit)} × ${this.times})`;
  }
}

/** Faults queued on a simulator before the request, each trying to smuggle a credential out. */
interface UpstreamFault {
  upstream: 'checkpoints' | 'trackings';
  faults: Fault[];
}

export interface FuzzRequest {
  /** What the generator meant to make: for the tally, and to read a counterexample at a glance. */
  kind: string;
  /** A JSON value (an activity, mostly), or exact body text. */
  body: { json: unknown } | { raw: string };
  /** Content-Type header; null sends none. */
  contentType: string | null;
  /** How the body is sent: as is, gzip-compressed, or with an encoding header it does not match. */
  encoding: 'none' | 'gzip' | 'gzip header, plain body' | 'br header, plain body' | 'identity';
  /** Sent as the Authorization header: inbound auth is off, so it is ignored, and must never be echoed or logged. */
  authorization?: string;
  /** Pads the body to exactly this many bytes (channelData.padding), to probe the 256 KB limit at its edge. */
  padToBytes?: number;
  fault?: UpstreamFault;
}

// ---------------------------------------------------------------- text

/** Pieces that break naive text handling: emoji sequences, RTL and bidi controls, combining marks, zero-width characters, lone surrogates, controls, look-alike digits, markup. */
const NASTY = [
  '👨‍👩‍👧‍👦',
  '🇩🇪',
  '👍🏽',
  '🏳️‍🌈',
  '😀',
  '\u{1F9D1}\u200D\u{1F4BB}',
  'مرحبا',
  'שלום',
  '\u202E',
  '\u200F',
  '\u2066',
  '\u2069',
  'e\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\u0300\u0301\u0302',
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u2060',
  '\u00AD',
  '\uD800',
  '\uDFFF',
  '\uDBFF\uDBFF', // lone and doubled surrogates: JSON.stringify escapes them, the server parses them back
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\r\n',
  '\t',
  '\u2028',
  '\u2029',
  '\u00A0',
  '\u3000',
  '１２３４',
  '١٢٣٤',
  '߀߁',
  '𝟏𝟐𝟑',
  '<at>Order Tracking</at>',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '**bold**',
  '`code`',
  '&amp;',
  '\\',
  '"',
  "'",
  '{{identifier}}',
  '$t(help)',
  '%s%n',
  '${process.env.TRACKINGS_API_KEY}',
  '__proto__',
  'constructor',
  '{"input_type":"order_id","identifier":"AB12CD34EF56"}',
];

/** What a customer may type to ask for help or to cancel, in English (understood in every language): the oracle expects the help or cancel reply. */
export const HELP_WORDS = ['help', 'HELP', 'Help!', '  help  ', '?', 'help.'];
export const CANCEL_WORDS = ['cancel', 'Cancel.', 'STOP', 'quit'];
const OTHER_COMMANDS = [
  'start over',
  'restart',
  'Reset!',
  'Hilfe',
  'abbrechen',
  'von vorne',
  'aide',
  'annuler',
  'ayuda',
  'cancelar',
  'aiuto',
  'annulla',
  'hulp',
  'stoppen',
  'help me',
  'helpp',
  'cancel my order 1234?',
  'stop it!!',
];
const CHOICES = [
  'Order number',
  'Tracking number',
  'Order ID',
  'Store order number',
  'order',
  'parcel',
  'store',
  '1',
  '2',
  '3',
  '4',
  '5',
  '0',
  '-1',
  '99',
  'yes',
  'no',
  'Track another',
  'No, thanks',
  "that's all",
  'Bestellnummer',
  'Sendungsnummer',
  'numéro de suivi',
];
const BLANK = ['', ' ', '\n\t', '\u200B', '\u3000', '\u00A0', '\uFEFF', '   \r\n  '];

const DEMO_IDENTIFIERS = [
  ...Object.values(DEMO.checkpoints),
  ...Object.values(DEMO.trackings.trackingNumbers),
  ...Object.values(DEMO.trackings.orderIds),
  ...Object.values(DEMO.trackings.externalOrders).flatMap((o) => [o.externalOrder, o.storeId]),
  '1Z999AA10123456784',
];

const charsOf = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Numbers shaped like what the bot recognizes (check digits mostly wrong, on purpose). */
const identifierShaped = fc.oneof(
  fc.constantFrom(...DEMO_IDENTIFIERS),
  charsOf(DIGITS + UPPER, 16).map((s) => `1Z${s}`),
  charsOf(DIGITS, 12),
  charsOf(DIGITS, 10),
  fc.tuple(fc.constantFrom('92', '93', '94', '95'), charsOf(DIGITS, 20)).map(([p, s]) => p + s),
  fc.tuple(charsOf(UPPER, 2), charsOf(DIGITS, 9), charsOf(UPPER, 2)).map((p) => p.join('')),
  charsOf(DIGITS + UPPER, 12),
  charsOf(DIGITS, 4).map((s) => `ORD-${s}`),
  charsOf(DIGITS, 4).map((s) => `#${s}`),
  charsOf(DIGITS + UPPER, 41),
);

/** An identifier the way people type it: alone, in a sentence, in groups, several at once, in look-alike digits. */
const identifierText = fc.oneof(
  identifierShaped,
  fc
    .tuple(
      fc.constantFrom('where is ', 'Wo ist ', 'où est ', 'status of order ', '', 'my parcel: '),
      identifierShaped,
      fc.constantFrom('?', '!', '', ' please', ' 🙏'),
    )
    .map((p) => p.join('')),
  identifierShaped.map((id) => id.replace(/(.{4})/g, '$1 ').trim()),
  fc.array(identifierShaped, { minLength: 2, maxLength: 4 }).map((ids) => `either ${ids.join(' or ')}`),
  identifierShaped.map((id) => id.replace(/\d/g, (d) => String.fromCodePoint(0xff10 + Number(d)))),
);

const marker = charsOf('0123456789abcdef', 8).map((hex) => `fz⟦${hex}⟧`);

const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc
    .array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'grapheme-ascii', maxLength: 8 })), {
      minLength: 1,
      maxLength: 10,
    })
    .map((parts) => parts.join('')),
);

/** Random text around a marker, so the test can later search the logs for it. */
const markedText = fc
  .tuple(unicodeText, marker, fc.oneof(unicodeText, identifierShaped))
  .map(([a, m, b]) => `${a} ${m} ${b}`);

/** Long messages: accepted up to 32 KB of text, refused past it (400), and past 256 KB the body (413). */
const hugeText = fc
  .tuple(
    fc.constantFrom('x', 'ab ', '😀', 'é', 'Z̤͔ͧ', '1Z7X3F940344156200 ', '1 ', 'مرحبا '),
    fc.constantFrom(32 * 1024, 32 * 1024 + 1, 20_000, 100_000, 150_000, 300_000),
  )
  .map(([unit, chars]) => new HugeText(unit, Math.max(1, Math.floor(chars / unit.length))));

const messageText: fc.Arbitrary<string | HugeText> = fc.oneof(
  { weight: 4, arbitrary: unicodeText },
  { weight: 4, arbitrary: identifierText },
  { weight: 3, arbitrary: fc.constantFrom(...HELP_WORDS, ...CANCEL_WORDS, ...OTHER_COMMANDS) },
  { weight: 3, arbitrary: fc.constantFrom(...CHOICES) },
  { weight: 2, arbitrary: markedText },
  { weight: 1, arbitrary: fc.constantFrom(...BLANK) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('hi', 'Hallo', 'bonjour', 'hola', 'ciao', 'hoi', 'thanks', 'where is my order?'),
  },
  { weight: 1, arbitrary: hugeText },
);

// ---------------------------------------------------------------- activity fields

/** A value of the wrong type for any field: null, numbers, booleans, arrays, objects, odd strings. */
const wrongValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    null,
    0,
    -1,
    1e308,
    true,
    false,
    [],
    {},
    '',
    ' ',
    [null],
    { id: null },
    'x'.repeat(65),
    'y'.repeat(1025),
  ),
);

const locale = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'en',
      'en-US',
      'en-GB',
      'de-DE',
      'de-CH',
      'de_AT',
      'fr-FR',
      'fr-CA',
      'es-ES',
      'es-419',
      'it-IT',
      'nl-NL',
      'nl-BE',
      'deu',
      'ger',
      'pt-BR',
      'ja-JP',
      'zh-Hant-TW',
      'ar-EG',
      'he-IL',
      'sr-Latn-RS',
      'en-US-u-ca-buddhist',
      'x-klingon',
      'i-default',
      'und',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', 'de-', '--', 'en-US-'.repeat(50), '😀', 'de\u0000DE', 'EN_us'),
    ),
  },
);

const timeZone = fc.oneof(
  fc.constantFrom('Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC', 'Etc/GMT+12', 'Pacific/Chatham'),
  fc.constantFrom('Mars/Olympus_Mons', '', '+02:00', 'CET', 'europe/berlin'),
  fc.string({ maxLength: 10 }),
);

const channelId = fc.oneof(
  { weight: 8, arbitrary: fc.constant('webchat') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'msteams',
      'directline',
      'emulator',
      'sms',
      'slack',
      'telegram',
      'facebook',
      'email',
      'line',
      'omnichannel',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
);

const attachment = fc.oneof(
  fc.record(
    {
      contentType: fc.constantFrom(
        'image/png',
        'application/pdf',
        'text/plain',
        'application/vnd.microsoft.card.adaptive',
        'application/vnd.microsoft.card.hero',
        'video/mp4',
      ),
      contentUrl: fc.constantFrom(
        'https://example.com/a.png',
        'data:text/plain;base64,aGk=',
        'javascript:alert(1)',
        '',
      ),
      name: fc.string({ maxLength: 20 }),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    contentType: fc.constant('application/vnd.microsoft.card.adaptive'),
    content: fc.record({
      type: fc.constant('AdaptiveCard'),
      version: fc.constantFrom('1.5', '9.9', 5),
      body: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    }),
  }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A Teams @mention of the bot, as Teams puts it in front of the text. */
const botMention = { type: 'mention', text: `<at>${BOT.name}</at>`, mentioned: { id: BOT.id, name: BOT.name } };
const entities = fc.oneof(
  fc.constant([botMention]),
  fc.constant([{ type: 'clientInfo', locale: 'de-DE', country: 'DE', platform: 'Web', timezone: 'Europe/Berlin' }]),
  fc.array(
    fc.record(
      {
        type: fc.constantFrom('mention', 'clientInfo', 'https://schema.org/Message', 'unknown'),
        mentioned: fc.oneof(fc.record({ id: fc.string({ maxLength: 10 }) }), fc.constant(BOT)),
        text: fc.string({ maxLength: 20 }),
      },
      { requiredKeys: ['type'] },
    ),
    { maxLength: 3 },
  ),
  // Shapes botbuilder's helpers would crash on: no type, a type that is no string, an entity that is no object.
  fc.array(
    fc.oneof(
      fc.constant({}),
      fc.record({ type: fc.oneof(fc.integer(), fc.constant(null), fc.boolean()) }),
      fc.constant('mention'),
      fc.constant(null),
      fc.record({ text: fc.string({ maxLength: 10 }) }),
    ),
    { minLength: 1, maxLength: 2 },
  ),
);

const lookupKind = fc.constantFrom(...LOOKUP_KINDS);

/** `value` of a card submit or a widget button: right, wrong in every way, or no lookup at all. */
const cardValue = fc.oneof(
  // A lookup as a card sends it (some are looked up, others are refused as malformed).
  fc.record(
    {
      input_type: lookupKind,
      identifier: fc.oneof(identifierShaped, fc.string({ maxLength: 20 })),
      store_id: fc.constantFrom('store-us-1', 'store-uk-1', 'store-eu-1', '', null, 'store with spaces', 'ü'),
    },
    { requiredKeys: ['input_type', 'identifier'] },
  ),
  // Wrong kinds, wrong types, missing and extra fields.
  fc.record(
    {
      input_type: fc.oneof(lookupKind, fc.constantFrom('ORDER_ID', 'orderId', '', '__proto__', 'toString'), wrongValue),
      identifier: fc.oneof(identifierShaped, wrongValue, fc.constant('x'.repeat(257)), marker),
      store_id: fc.oneof(fc.constant('store-us-1'), wrongValue, fc.constant('s'.repeat(257))),
      extra: fc.oneof(wrongValue, marker),
    },
    { requiredKeys: [] },
  ),
  // Other card data: no input_type, so not a lookup.
  fc.dictionary(
    fc.constantFrom('action', 'verb', 'data', 'msteams', 'id', 'showEarlier', 'inputType', 'INPUT_TYPE'),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  ),
  // Not an object at all.
  wrongValue,
  // Prototype games: an own "__proto__" key, as JSON.parse makes it.
  fc.constant(
    JSON.parse(
      '{"__proto__": {"input_type": "order_id", "identifier": "AB12CD34EF56"}, "constructor": {"prototype": {"polluted": true}}}',
    ),
  ),
  fc.constant(
    JSON.parse('{"input_type": "order_id", "identifier": "AB12CD34EF56", "__proto__": {"store_id": "store-us-1"}}'),
  ),
);

const membersAdded = fc.oneof(
  fc.array(
    fc.oneof(
      fc.record(
        { id: fc.string({ minLength: 1, maxLength: 12 }), name: fc.string({ maxLength: 12 }) },
        { requiredKeys: ['id'] },
      ),
      fc.constant(BOT),
      fc.constant({ id: 'user-1', name: 'Customer' }),
    ),
    { maxLength: 4 },
  ),
  fc.array(fc.oneof(fc.constant({ id: 'user-1' }), wrongValue), { minLength: 1, maxLength: 3 }),
  wrongValue,
);

const conversationId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: LONG_CONVERSATIONS - 1 }).map(longConversation) },
  { weight: 4, arbitrary: fc.constant(PLACEHOLDER.freshConversation) },
  // Odd but plausible ids: slashes and query characters end up in the reply URL; Teams ids carry colons, @ and ;.
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'a/b?c#d',
      '19:abc@thread.tacv2;messageid=1',
      'conv with spaces',
      'ü-latin1',
      '%2F..%2F',
      'c'.repeat(1024),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
);

const activityId = fc.oneof(
  { weight: 12, arbitrary: fc.constant(PLACEHOLDER.freshId) },
  { weight: 1, arbitrary: fc.constant(PLACEHOLDER.redeliver) },
  { weight: 1, arbitrary: fc.constantFrom('x/y', '1234|0001', 'ü😀') },
);

/** deliveryMode decides where replies go: in the HTTP answer (expectReplies), or POSTed to serviceUrl (the connector). */
const delivery = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ deliveryMode: 'expectReplies', serviceUrl: 'http://127.0.0.1:9/unused' }) },
  {
    weight: 1,
    arbitrary: fc.constant({ deliveryMode: 'expectReplies', serviceUrl: 'https://smba.trafficmanager.net/amer/' }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { serviceUrl: PLACEHOLDER.connector },
      { deliveryMode: 'normal', serviceUrl: PLACEHOLDER.connector },
      { deliveryMode: 'notification', serviceUrl: PLACEHOLDER.connector },
    ),
  },
);

/** What every activity carries, with the optional fields present, absent or odd. */
const envelope = fc.record(
  {
    delivery,
    channelId,
    conversationId,
    id: activityId,
    from: fc.oneof(
      fc.constant({ id: 'user-1', name: 'Customer' }),
      fc.record(
        { id: fc.string({ maxLength: 12 }), name: fc.string({ maxLength: 12 }), aadObjectId: fc.uuid() },
        { requiredKeys: [] },
      ),
    ),
    locale,
    localTimezone: timeZone,
    timestamp: fc.constantFrom('2026-11-22T12:00:00.000Z', 'not a date', '9999-99-99'),
    channelData: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant({ tenant: { id: 't-1' } })),
  },
  { requiredKeys: ['delivery', 'channelId', 'conversationId', 'id', 'from'] },
);
type Envelope = typeof envelope extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------- activities

type Activity = Record<string, unknown>;

function activityFrom(env: Envelope, fields: Activity): Activity {
  const { delivery: d, conversationId: conv, ...rest } = env;
  return { ...fields, ...d, ...rest, conversation: { id: conv }, recipient: BOT };
}

const attachments = fc.oneof(fc.array(attachment, { minLength: 1, maxLength: 3 }), wrongValue);
const messageFields = fc.oneof(
  { weight: 12, arbitrary: fc.record({ text: messageText }) },
  { weight: 3, arbitrary: fc.record({ value: cardValue }) },
  { weight: 1, arbitrary: fc.record({ text: messageText, value: cardValue }) },
  { weight: 1, arbitrary: fc.record({ text: messageText, entities }) },
  { weight: 1, arbitrary: fc.record({ attachments }, { requiredKeys: [] }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        text: messageText,
        value: cardValue,
        attachments,
        entities,
        textFormat: fc.constantFrom('plain', 'markdown', 'xml', 'bogus'),
        suggestedActions: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
);

const message = fc.tuple(envelope, messageFields).map(([env, fields]: [Envelope, Activity]) => {
  const parts = ['text', 'value', 'attachments', 'entities'].filter((key) => key in fields);
  // A Teams message to the bot starts with its @mention.
  if (Array.isArray(fields.entities) && fields.entities.includes(botMention) && typeof fields.text === 'string')
    fields = { ...fields, text: `${botMention.text} ${fields.text}` };
  return {
    kind: `message (${parts.join(', ') || 'empty'})`,
    activity: activityFrom(env, { type: 'message', ...fields }),
  };
});

const conversationUpdate = fc
  .tuple(
    envelope,
    fc.record({ membersAdded, membersRemoved: membersAdded, topicName: fc.string() }, { requiredKeys: [] }),
  )
  .map(([env, fields]) => ({
    kind: 'conversationUpdate',
    activity: activityFrom(env, { type: 'conversationUpdate', ...fields }),
  }));

const event = fc
  .tuple(
    envelope,
    fc.constantFrom('webchat/join', 'webchat/exit', 'tokens/response', 'customEvent', ''),
    fc.oneof(fc.record({ locale: fc.oneof(locale, wrongValue) }, { requiredKeys: [] }), wrongValue),
  )
  .map(([env, name, value]) => ({ kind: 'event', activity: activityFrom(env, { type: 'event', name, value }) }));

const invoke = fc
  .tuple(
    envelope,
    fc.constantFrom(
      'adaptiveCard/action',
      'application/search',
      'task/fetch',
      'composeExtension/query',
      'signin/verifyState',
      'signin/tokenExchange',
      'healthCheck',
      'actionableMessage/executeAction',
      'unknown/thing',
    ),
    fc.oneof(
      fc.record({
        action: fc.record(
          {
            type: fc.constantFrom('Action.Execute', 'Action.Submit'),
            verb: fc.string({ maxLength: 10 }),
            data: fc.jsonValue({ maxDepth: 2 }),
          },
          { requiredKeys: ['type'] },
        ),
      }),
      fc.record(
        { kind: fc.constantFrom('search', 'typeahead'), queryText: fc.string({ maxLength: 10 }) },
        { requiredKeys: [] },
      ),
      wrongValue,
    ),
  )
  // A redelivered invoke would get no invoke response at all, which is a channel's problem to avoid, not a case to fuzz.
  .map(([env, name, value]) => ({
    kind: 'invoke',
    activity: activityFrom({ ...env, id: PLACEHOLDER.freshId }, { type: 'invoke', name, value }),
  }));

/** Activity types the bot has no handler for, known to the Bot Framework or made up. */
const otherType = fc
  .tuple(
    envelope,
    fc.oneof(
      fc.constantFrom(
        'typing',
        'endOfConversation',
        'messageReaction',
        'installationUpdate',
        'messageUpdate',
        'messageDelete',
        'handoff',
        'trace',
        'contactRelationUpdate',
        'deleteUserData',
        'suggestion',
        'command',
        'commandResult',
        'Message',
        'MESSAGE',
        ' message',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    ),
    fc.record(
      { reactionsAdded: wrongValue, action: wrongValue, text: messageText, value: wrongValue },
      { requiredKeys: [] },
    ),
  )
  .map(([env, type, fields]) => ({
    kind: 'unhandled activity type',
    activity: activityFrom(env, { type, ...fields }),
  }));

/** Damage to a well-formed activity: a field removed, or set to something of the wrong type. */
const MUTABLE = [
  'type',
  'channelId',
  'serviceUrl',
  'conversation',
  'conversation.id',
  'text',
  'from',
  'recipient',
  'locale',
  'localTimezone',
  'id',
  'timestamp',
  'entities',
  'attachments',
  'value',
  'membersAdded',
  'deliveryMode',
  'replyToId',
  'channelData',
] as const;
const REMOVE = '<remove>';
const mutation = fc.record({
  field: fc.constantFrom(...MUTABLE),
  to: fc.oneof(
    fc.constant<unknown>(REMOVE),
    wrongValue,
    fc.constantFrom(
      'javascript:alert(1)',
      'ftp://example.com/',
      'not a url',
      'http://',
      `http://127.0.0.1/${'a'.repeat(2100)}`,
    ),
  ),
});

function mutate(activity: Activity, mutations: ReadonlyArray<{ field: string; to: unknown }>): Activity {
  const copy: Activity = {
    ...activity,
    conversation:
      activity.conversation && typeof activity.conversation === 'object'
        ? { ...activity.conversation }
        : activity.conversation,
  };
  for (const { field, to } of mutations) {
    const [head, tail] = field.split('.');
    const target = tail ? copy[head] : copy;
    if (!target || typeof target !== 'object') continue;
    const key = tail ?? head;
    if (to === REMOVE) delete (target as Activity)[key];
    else (target as Activity)[key] = to;
  }
  return copy;
}

/** Normal delivery POSTs replies to serviceUrl: anything that would be delivered normally goes to the connector, never to a closed port or the internet. */
function deliverable(activity: Activity): Activity {
  if (activity.deliveryMode === 'expectReplies') return activity;
  if (
    typeof activity.serviceUrl === 'string' &&
    /^https?:\/\/[^/]/.test(activity.serviceUrl) &&
    activity.serviceUrl.length <= 2048
  )
    return { ...activity, serviceUrl: PLACEHOLDER.connector };
  return activity;
}

const activity = fc
  .tuple(
    fc.oneof(
      { weight: 60, arbitrary: message },
      { weight: 8, arbitrary: conversationUpdate },
      { weight: 6, arbitrary: event },
      { weight: 6, arbitrary: invoke },
      { weight: 6, arbitrary: otherType },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }) },
    ),
  )
  .map(([{ kind, activity: a }, mutations]) => ({
    kind: mutations.length ? `${kind}, damaged (${mutations.map((m) => m.field).join(', ')})` : kind,
    activity: deliverable(mutate(a, mutations)),
  }));

// ---------------------------------------------------------------- whole requests

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=latin1',
];
const OTHER_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'text/json',
  'application/vnd.api+json',
  'application/ld+json',
  '',
  '*/*',
];

const authorization = fc.option(
  charsOf('0123456789abcdef', 12).map((hex) => `Bearer fz-SECRET-${hex}`),
  { freq: 5, nil: undefined },
);

/** The credential an upstream is sent, and so the only one it could echo back. */
const CREDENTIAL_OF = { checkpoints: CREDENTIALS.token, trackings: API_KEY } as const;

/** Faults that make each upstream failure, most echoing the credential back to see whether it leaks. */
const upstreamFault: fc.Arbitrary<UpstreamFault> = fc
  .tuple(fc.constantFrom('checkpoints' as const, 'trackings' as const), fc.integer({ min: 0, max: 5 }))
  .map(([upstream, which]) => {
    const secret = CREDENTIAL_OF[upstream];
    const faults: Fault[][] = [
      Array.from({ length: 2 }, () => ({
        kind: 'status' as const,
        status: 500,
        body: { code: 'internal', message: `token ${secret} rejected`, echo: { authorization: `Bearer ${secret}` } },
      })),
      [{ kind: 'status', status: 401, body: { code: 'unauthenticated', message: `unknown key ${secret}` } }],
      [
        {
          kind: 'status',
          status: 400,
          body: { code: 'invalid_argument', message: `bad ${secret}`, meta: { argument: secret } },
        },
      ],
      [{ kind: 'raw', status: 200, body: `<html>${secret}</html>`, contentType: 'text/html' }],
      [{ kind: 'reset' }, { kind: 'reset' }],
      Array.from({ length: 2 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '1' })),
    ];
    return { upstream, faults: faults[which] };
  });

const activityRequest = fc
  .record({
    a: activity,
    contentType: fc.oneof(
      { weight: 9, arbitrary: fc.constant(JSON_TYPES[0]) },
      { weight: 1, arbitrary: fc.constantFrom(...JSON_TYPES) },
    ),
    authorization,
    fault: fc.option(upstreamFault, { freq: 30, nil: undefined }),
  })
  .map(({ a, ...rest }): FuzzRequest => ({ kind: a.kind, body: { json: a.activity }, encoding: 'none', ...rest }));

/** A body that is not an activity: not JSON, JSON but no object, or an activity under the wrong Content-Type or encoding. */
const notJson = fc
  .oneof(
    fc.constantFrom(
      'hello',
      '{',
      '{"type":',
      '<activity/>',
      "{'type':'message'}",
      '{"type":"message",}',
      'NaN',
      '\u0000',
      '{"a":1}{"b":2}',
      '\uFEFF{}',
      ' ',
    ),
    fc.string({ maxLength: 40 }),
  )
  .map((raw): FuzzRequest => ({ kind: 'not JSON', body: { raw }, contentType: 'application/json', encoding: 'none' }));

const jsonNotObject = fc
  .oneof(
    fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    fc.constantFrom(null, [], [{ type: 'message' }], 'message', 0),
  )
  .map((json): FuzzRequest => ({
    kind: 'JSON but not an object',
    body: { json },
    contentType: 'application/json',
    encoding: 'none',
  }));

const wrongContentType = fc
  .tuple(activity, fc.oneof(fc.constantFrom(...OTHER_TYPES), fc.constant(null)))
  .map(([a, contentType]): FuzzRequest => ({
    kind: 'activity, wrong Content-Type',
    body: { json: a.activity },
    contentType,
    encoding: 'none',
  }));

const contentEncoding = fc
  .tuple(
    activity,
    fc.constantFrom<FuzzRequest['encoding']>('gzip', 'gzip header, plain body', 'br header, plain body', 'identity'),
  )
  .map(([a, encoding]): FuzzRequest => ({
    kind: `activity, Content-Encoding ${encoding}`,
    body: { json: a.activity },
    contentType: 'application/json',
    encoding,
  }));

/** A small gzip body that inflates past the 256 KB limit. */
const gzipBomb = fc.constantFrom(1, 8).map((mb): FuzzRequest => ({
  kind: `gzip bomb (${mb} MB inflated)`,
  body: {
    json: {
      type: 'message',
      channelId: 'webchat',
      serviceUrl: 'http://127.0.0.1:9/unused',
      deliveryMode: 'expectReplies',
      conversation: { id: PLACEHOLDER.freshConversation },
      recipient: BOT,
      text: new HugeText('a', mb * 1024 * 1024),
    },
  },
  contentType: 'application/json',
  encoding: 'gzip',
}));

/** Nesting in any field, at depths around the bound (32) and far past it: arrays or objects. */
const deeplyNested = fc
  .tuple(
    fc.constantFrom(10, 31, 32, 33, 1_000, 5_000, 50_000),
    fc.constantFrom('channelData', 'value', 'from', 'recipient', 'conversation', 'entities'),
    fc.boolean(),
  )
  .map(([depth, field, objects]): FuzzRequest => {
    const nested = objects
      ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const conversation = field === 'conversation' ? '' : `"conversation":{"id":"${PLACEHOLDER.freshConversation}"},`;
    return {
      kind: `nested ${depth} deep`,
      body: {
        raw: `{"type":"message","channelId":"webchat","serviceUrl":"http://127.0.0.1:9/unused","deliveryMode":"expectReplies",${conversation}"recipient":{"id":"${BOT.id}"},"text":"hi","${field}":${nested}}`,
      },
      contentType: 'application/json',
      encoding: 'none',
    };
  });

/** Right at the body limit: 256 KB exactly is read, one byte more is refused. */
const atTheBodyLimit = fc.constantFrom(256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1).map((bytes): FuzzRequest => ({
  kind: `body of ${bytes} bytes`,
  body: {
    json: {
      type: 'message',
      channelId: 'webchat',
      serviceUrl: 'http://127.0.0.1:9/unused',
      deliveryMode: 'expectReplies',
      conversation: { id: PLACEHOLDER.freshConversation },
      recipient: BOT,
      from: { id: 'user-1' },
      text: 'help',
    },
  },
  contentType: 'application/json',
  encoding: 'none',
  padToBytes: bytes,
}));

const oddRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 3, arbitrary: notJson },
  { weight: 3, arbitrary: jsonNotObject },
  { weight: 3, arbitrary: wrongContentType },
  { weight: 2, arbitrary: contentEncoding },
  { weight: 1, arbitrary: gzipBomb },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 2, arbitrary: atTheBodyLimit },
);
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 92, arbitrary: activityRequest },
  { weight: 8, arbitrary: oddRequest },
);
