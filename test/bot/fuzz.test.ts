/**
 * Fuzz test of POST /api/messages. A few thousand random requests (activities of every type with
 * odd, missing and mistyped fields, unicode and huge text, card submits with wrong data, bodies that
 * are not activities, wrong Content-Types and encodings) go one after another to the whole app over
 * HTTP, mostly with deliveryMode expectReplies and some by normal delivery to a capturing connector.
 * Each answer must be exactly the one the route promises (an oracle below works it out from the bytes
 * sent), no turn may fail, and nothing may leak. Afterwards the process must be healthy, its logs free
 * of secrets and message text, and conversations (fresh and fuzzed) must still work.
 *
 * Deterministic: FUZZ_SEED (default below) and FUZZ_RUNS choose the requests. On a failure fast-check
 * prints the shrunk request, the seed and the path; replay with FUZZ_SEED=… FUZZ_PATH=… .
 * FUZZ_COLLECT=1 runs every request instead of stopping at the first failure, and lists each distinct problem once.
 */
import vm from 'node:vm';
import zlib from 'node:zlib';
import type { Activity } from 'botbuilder';
import fc from 'fast-check';
import { DEMO } from '../../sandbox/simulators';
import { LANGUAGES, Translator } from '../../src/i18n';
import { LOOKUP_KINDS } from '../../src/tracking/lookup';
import { nestsDeeperThan } from '../../src/runtime/nesting';
import { configFor, startApp, type RunningApp } from '../support/app';
import { cardJson, startConnector, summarize, TestChannel, type Connector } from '../support/channel';
import {
  CANCEL_WORDS,
  HELP_WORDS,
  LONG_CONVERSATIONS,
  MARKER,
  PLACEHOLDER,
  fuzzRequest,
  longConversationIndex,
  type FuzzRequest,
} from '../support/fuzzActivities';
import { seen } from '../support/seen';
import { API_KEY, CREDENTIALS, useSimulators } from '../support/upstreams';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const PATH = process.env.FUZZ_PATH;
const COLLECT = process.env.FUZZ_COLLECT === '1';

const BODY_LIMIT = 256 * 1024;
const TEXT_LIMIT = 32 * 1024;
/** Long enough that a request that gets no answer is told apart from a slow one, and its late replies are not mistaken for the next request's. */
const NO_ANSWER_MS = 30_000;

// jest gives test code its own copy of `process`: listeners on it never hear the real process's events.
const realProcess = vm.runInThisContext('process') as NodeJS.Process;

const upstreams = useSimulators();
let app: RunningApp;
let connector: Connector;
const unhandledRejections: unknown[] = [];
const uncaughtExceptions: unknown[] = [];
/** Requests in flight, aborted at once when the process has an uncaught exception (the request would never be answered). */
const inFlight = new Set<AbortController>();
const onUnhandledRejection = (reason: unknown) => unhandledRejections.push(reason);
const onUncaughtException = (error: unknown) => {
  uncaughtExceptions.push(error);
  for (const controller of inFlight) controller.abort(error);
};

/** What libraries print outside our logger meanwhile (stdout, stderr, console): searched for secrets too. */
const printed: string[] = [];
const originals = {
  out: realProcess.stdout.write.bind(realProcess.stdout),
  err: realProcess.stderr.write.bind(realProcess.stderr),
  log: console.log,
  warn: console.warn,
  error: console.error,
};
function capturePrinting(): void {
  const tap = (original: typeof realProcess.stdout.write) =>
    function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      printed.push(String(chunk));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof realProcess.stdout.write;
  realProcess.stdout.write = tap(originals.out);
  realProcess.stderr.write = tap(originals.err);
  for (const method of ['warn', 'error'] as const)
    console[method] = (...args: unknown[]) => printed.push(args.map(String).join(' '));
}
function restorePrinting(): void {
  Object.assign(realProcess.stdout, { write: originals.out });
  Object.assign(realProcess.stderr, { write: originals.err });
  Object.assign(console, { warn: originals.warn, error: originals.error });
}

beforeAll(async () => {
  capturePrinting();
  realProcess.on('unhandledRejection', onUnhandledRejection);
  realProcess.on('uncaughtExceptionMonitor', onUncaughtException);
  app = await startApp(configFor(upstreams, { UPSTREAM_MAX_ATTEMPTS: '2' }));
  connector = await startConnector();
});
afterAll(async () => {
  restorePrinting();
  realProcess.off('unhandledRejection', onUnhandledRejection);
  realProcess.off('uncaughtExceptionMonitor', onUncaughtException);
  await app?.close();
  await connector?.close();
});

/** The bot's fixed sentences, in every language it speaks (the turn's language depends on the fuzzed locale). */
const translator = new Translator('en');
const inEveryLanguage = (key: string) => new Set(LANGUAGES.map((language) => translator.localize(language).t(key)));
const SAYS = {
  help: inEveryLanguage('help'),
  cancelled: inEveryLanguage('cancelled'),
  badRequest: inEveryLanguage('errors.bad_request'),
  welcome: inEveryLanguage('welcome'),
  apology: inEveryLanguage('errors.unexpected'),
};
const english = translator.localize('en').t;

/** Everything sent in an Authorization header; it must come back nowhere. */
const sentAuthorizations = new Set<string>();
const secrets = () => [CREDENTIALS.token, API_KEY, ...sentAuthorizations];
/** Markers and longer texts that were sent as message text or card data: no log line may carry one. */
const sentMarkers = new Set<string>();
const sentTexts = new Set<string>();
/** Strings sent in other fields (a channel id or an activity type may legitimately be logged, and fuzzing may reuse a string). */
const otherFieldValues = new Set<string>();
const TEXT_SAMPLE = 500;

// ---------------------------------------------------------------- sending

type Json = Record<string, unknown>;

interface Sent {
  bytes: Buffer;
  /** The body as the server reads it (decoded, UTF-8). */
  decoded: string;
  headers: Record<string, string>;
}

let sequence = 0;
/** The last activity id each conversation had answered, for re-sends; and every (channel, conversation, id) answered. */
const lastIdOf = new Map<string, string>();
const answered = new Set<string>();
const conversationKey = (activity: Json) => {
  const conversation = activity.conversation as Json | undefined;
  return typeof activity.channelId === 'string' && typeof conversation?.id === 'string'
    ? `${activity.channelId}\u0000${conversation.id}`
    : undefined;
};

/** Fills in the placeholders and encodes the body as the request says. */
function materialize(request: FuzzRequest): Sent {
  let text: string;
  if ('raw' in request.body) {
    text = request.body.raw.replaceAll(PLACEHOLDER.freshConversation, `fuzz-conv-${++sequence}`);
  } else {
    const json = request.body.json;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const activity: Json = { ...(json as Json) };
      if (activity.serviceUrl === PLACEHOLDER.connector) activity.serviceUrl = connector.url;
      const conversation = activity.conversation;
      if (conversation && typeof conversation === 'object' && !Array.isArray(conversation)) {
        const id = (conversation as Json).id;
        const long = longConversationIndex(id);
        activity.conversation = {
          ...(conversation as Json),
          id:
            long !== undefined
              ? `fuzz-long-${long}`
              : id === PLACEHOLDER.freshConversation
                ? `fuzz-conv-${++sequence}`
                : id,
        };
      }
      if (activity.id === PLACEHOLDER.redeliver) {
        const key = conversationKey(activity);
        activity.id = (key && lastIdOf.get(key)) || PLACEHOLDER.freshId;
      }
      if (activity.id === PLACEHOLDER.freshId) activity.id = `fz-${++sequence}`;
      text = JSON.stringify(activity);
      if (request.padToBytes !== undefined) {
        const padding =
          request.padToBytes - Buffer.byteLength(JSON.stringify({ ...activity, channelData: { padding: '' } }));
        text = JSON.stringify({ ...activity, channelData: { padding: 'p'.repeat(Math.max(0, padding)) } });
      }
    } else {
      text = JSON.stringify(json) ?? '';
    }
  }
  const plain = Buffer.from(text, 'utf8');
  const headers: Record<string, string> = {};
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  if (request.authorization) headers.authorization = request.authorization;
  const encodingHeader = {
    none: undefined,
    gzip: 'gzip',
    'gzip header, plain body': 'gzip',
    'br header, plain body': 'br',
    identity: 'identity',
  }[request.encoding];
  if (encodingHeader) headers['content-encoding'] = encodingHeader;
  return {
    bytes: request.encoding === 'gzip' ? zlib.gzipSync(plain) : plain,
    decoded: plain.toString('utf8'),
    headers,
  };
}

interface Answer {
  status: number;
  text: string;
  headers: string;
  ms: number;
  /** Activities the bot sent: from the HTTP answer (expectReplies) or to the connector (normal delivery). */
  replies: Array<Partial<Activity>>;
  posted: Array<{ path: string; activity: Partial<Activity> }>;
  logs: string[];
}

async function send(sent: Sent): Promise<Answer | string> {
  const logsBefore = app.logs.length;
  const postedBefore = connector.received.length;
  const controller = new AbortController();
  inFlight.add(controller);
  const started = Date.now();
  try {
    const response = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: sent.headers,
      body: sent.bytes,
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(NO_ANSWER_MS)]),
    });
    const text = await response.text();
    const posted = connector.received.slice(postedBefore);
    let replies: Array<Partial<Activity>> = posted.map((p) => p.activity);
    if (text && response.headers.get('content-type')?.includes('json')) {
      const body = JSON.parse(text) as { activities?: Array<Partial<Activity>> };
      if (Array.isArray(body?.activities)) replies = [...body.activities, ...replies];
    }
    const headers = JSON.stringify([...response.headers]);
    return {
      status: response.status,
      text,
      headers,
      ms: Date.now() - started,
      replies,
      posted,
      logs: app.logs.slice(logsBefore),
    };
  } catch (error) {
    const reason = uncaughtExceptions.length
      ? `the process had an uncaught exception: ${String(uncaughtExceptions.at(-1))}`
      : String(error);
    return `no answer (${reason})`;
  } finally {
    inFlight.delete(controller);
  }
}

// ---------------------------------------------------------------- the oracle: what the route must answer

type Expected =
  | { refused: 400; argument: string }
  | { refused: 413 | 415 }
  /** A turn runs. `malformed`: optional fields of the wrong shape, which the route may refuse instead (400 naming one). */
  | { turn: Json; malformed: string[] };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number) => typeof value === 'string' && value.length >= 1 && value.length <= max;
const isHttpUrl = (value: unknown) =>
  typeof value === 'string' &&
  value.length <= 2048 &&
  URL.canParse(value) &&
  ['http:', 'https:'].includes(new URL(value).protocol);
/** What can travel in an HTTP header (the connector client sends the conversation id as x-ms-conversation-id). */
const isHeaderSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** The route's own rule (src/bot/inboundActivity.ts), restated: the first field it names. */
function invalidField(body: unknown): string | undefined {
  if (!isObject(body)) return 'body';
  if (!isText(body.type, 64)) return 'type';
  if (!isText(body.channelId, 64)) return 'channelId';
  if (!isHttpUrl(body.serviceUrl)) return 'serviceUrl';
  if (!isObject(body.conversation)) return 'conversation';
  if (!isText(body.conversation.id, 1024) || !isHeaderSafe(body.conversation.id as string)) return 'conversation.id';
  if (body.text !== undefined && !(typeof body.text === 'string' && body.text.length <= TEXT_LIMIT)) return 'text';
  // The ids travel in the reply's URL and headers, whatever the delivery mode.
  if (body.id !== undefined && !(typeof body.id === 'string' && body.id.length <= 1024 && isHeaderSafe(body.id)))
    return 'id';
  return undefined;
}

/** Optional fields whose shape breaks the Bot Framework activity schema. */
function malformedFields(activity: Json): string[] {
  const malformed: string[] = [];
  const arrayOfObjects = (value: unknown) => Array.isArray(value) && value.every(isObject);
  if (!isObject(activity.recipient) || typeof activity.recipient.id !== 'string') malformed.push('recipient');
  if ('from' in activity && !isObject(activity.from)) malformed.push('from');
  for (const field of ['locale', 'localTimezone', 'timestamp', 'replyToId', 'textFormat', 'name', 'deliveryMode']) {
    if (field in activity && typeof activity[field] !== 'string') malformed.push(field);
  }
  for (const field of ['attachments', 'membersAdded', 'membersRemoved', 'reactionsAdded'])
    if (field in activity && !arrayOfObjects(activity[field])) malformed.push(field);
  const entity = (e: Json) => typeof e.type === 'string' && (e.type !== 'mention' || isObject(e.mentioned));
  if ('entities' in activity && !(arrayOfObjects(activity.entities) && activity.entities.every(entity)))
    malformed.push('entities');
  return malformed;
}

function expectedAnswer(request: FuzzRequest, sent: Sent): Expected {
  const mediaType = sent.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (sent.bytes.length > 0 && mediaType !== 'application/json') return { refused: 415 };
  // Channels send plain JSON: a body that names any content coding is refused (RFC 9110: 415) before it is read.
  if (request.encoding !== 'none') return { refused: 415 };
  if (Buffer.byteLength(sent.decoded) > BODY_LIMIT) return { refused: 413 };
  let body: unknown;
  try {
    body = sent.decoded ? JSON.parse(sent.decoded) : undefined;
  } catch {
    return { refused: 400, argument: 'body' };
  }
  // Nesting past any real activity is refused before anything looks inside (src/runtime/nesting.ts).
  if (nestsDeeperThan(body)) {
    return { refused: 400, argument: 'body' };
  }
  const field = invalidField(body);
  if (field) return { refused: 400, argument: field };
  return { turn: body as Json, malformed: malformedFields(body as Json) };
}

/** The bot implements no invoke (its cards submit messages): every invoke is answered 501, whatever its value. */
const invokeStatuses = (_activity: Json) => [501];

// ---------------------------------------------------------------- checking one answer

/** What went wrong (the same words each time it happens, to group by) and the particulars of this time. */
interface Problem {
  what: string;
  detail?: string;
}

/** An error log line, shortened to what failed: "turn failed: TypeError: Cannot read properties of null (reading 'id')". */
function errorOf(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; error?: { name?: string; message?: string; value?: string } };
    return `${entry.msg}: ${entry.error?.value ?? `${entry.error?.name}: ${entry.error?.message}`}`;
  } catch {
    return line.trim().slice(0, 200);
  }
}

function problemsWith(request: FuzzRequest, expected: Expected, answer: Answer, duplicate: boolean): Problem[] {
  const problems: Problem[] = [];
  const must = (ok: unknown, what: string, detail?: string) => {
    if (!ok) problems.push({ what, detail });
  };
  must(
    answer.status < 500 || ('turn' in expected && expected.turn.type === 'invoke'),
    `a ${answer.status}`,
    answer.text.slice(0, 300),
  );
  for (const secret of secrets())
    must(
      ![answer.text, answer.headers, JSON.stringify(answer.posted)].some((said) => said.includes(secret)),
      'a secret in the answer',
      secret,
    );
  for (const line of answer.logs.filter((l) => /"level":(50|60)/.test(l)))
    must(false, `an error was logged: ${errorOf(line)}`);

  if ('refused' in expected) {
    const code = { 400: 'invalid_argument', 413: 'payload_too_large', 415: 'unsupported_media_type' }[expected.refused];
    let body: Json = {};
    try {
      body = JSON.parse(answer.text) as Json;
    } catch {
      // checked below
    }
    const argument = 'argument' in expected ? expected.argument : undefined;
    must(
      answer.status === expected.refused &&
        body.code === code &&
        (argument === undefined || body.argument === argument),
      `expected ${expected.refused} ${code}${argument ? ` naming ${argument}` : ''}, got ${answer.status} ${String(body.code)}${body.argument ? ` naming ${JSON.stringify(body.argument)}` : ''}`,
      answer.text.slice(0, 300),
    );
    must(answer.posted.length === 0, 'a refused request was answered through the connector');
    return problems;
  }

  const activity = expected.turn;
  // The route may refuse a malformed optional field instead of running the turn, as long as it names that field.
  if (answer.status === 400 && expected.malformed.length) {
    const argument = answer.text.startsWith('{') ? (JSON.parse(answer.text) as Json).argument : undefined;
    must(
      expected.malformed.some((field) => argument === field || String(argument).startsWith(`${field}.`)),
      `400 naming ${String(argument)}, not a malformed field`,
      `malformed: ${expected.malformed.join(', ')}`,
    );
    return problems;
  }

  const expectReplies = activity.deliveryMode === 'expectReplies';
  const conversationId = (activity.conversation as Json).id as string;
  const isInvoke = activity.type === 'invoke';
  const messages = answer.replies.filter((r) => r.type === 'message');
  if (isInvoke) {
    const allowed = invokeStatuses(activity);
    const responses = answer.replies.filter((r) => r.type === 'invokeResponse');
    if (expectReplies) {
      must(
        answer.status === 200,
        `an invoke with expectReplies answered ${answer.status}, not 200`,
        answer.text.slice(0, 300),
      );
      must(
        responses.length === 1 && allowed.includes((responses[0].value as Json)?.status as number),
        `an invoke without one invoke response of status ${allowed.join(' or ')}`,
        JSON.stringify(responses),
      );
    } else {
      must(
        allowed.includes(answer.status),
        `an invoke by normal delivery answered ${answer.status}, not ${allowed.join(' or ')}`,
      );
    }
    must(messages.length === 0, 'an invoke got messages', JSON.stringify(summarize(messages)));
  } else {
    must(answer.status === 200, `a turn answered ${answer.status}, not 200`, answer.text.slice(0, 300));
    if (expectReplies)
      must(
        Array.isArray((JSON.parse(answer.text || '{}') as Json).activities),
        'expectReplies answered without an activities list',
        answer.text.slice(0, 200),
      );
    else must(answer.text === '', 'normal delivery answered with a body', answer.text.slice(0, 200));
  }

  for (const reply of answer.replies) {
    must(['message', 'typing', 'invokeResponse'].includes(String(reply.type)), `a reply of type ${reply.type}`);
    must(reply.conversation?.id === conversationId, 'a reply to another conversation', reply.conversation?.id);
    if ('text' in reply)
      must(
        typeof reply.text === 'string' && reply.text.trim() !== '',
        'a reply with empty text',
        JSON.stringify(reply).slice(0, 200),
      );
    must(!SAYS.apology.has(String(reply.text)), 'the customer got the apology for a failed turn');
  }
  if (!expectReplies) {
    // botbuilder sends the welcome on a Web Chat or Direct Line conversationUpdate as no reply to anything.
    const replyTo =
      activity.type === 'conversationUpdate' && ['webchat', 'directline'].includes(String(activity.channelId))
        ? undefined
        : (activity.id as string | undefined) || undefined;
    const prefix = `/v3/conversations/${encodeURIComponent(conversationId)}/activities`;
    const to = replyTo ? `${prefix}/${encodeURIComponent(replyTo)}` : prefix;
    for (const { path, activity: reply } of answer.posted)
      must(
        path === to && reply.replyToId === replyTo,
        'a reply posted to the wrong place',
        `${path} (replyToId ${reply.replyToId}), expected ${to}`,
      );
  }
  if (problems.length || expected.malformed.length || isInvoke) return problems;

  // What the bot says, where the seed or the README says what it must say.
  // The words as the customer reads them: a text channel's numbered list of choices is not part of them.
  const texts = messages.map((m) => seen(m).text);
  const said = JSON.stringify(summarize(answer.replies));
  const only = (set: Set<string>, what: string) =>
    must(texts.length === 1 && set.has(texts[0]), `not only ${what}`, said);
  if (duplicate) {
    must(answer.replies.length === 0, 'a re-sent activity was answered again', said);
    return problems;
  }
  switch (activity.type) {
    case 'message': {
      if ('entities' in activity) break; // a Teams @mention is removed from the text first
      const value = activity.value;
      const text = typeof activity.text === 'string' ? activity.text : '';
      const lookupAsData = isObject(value) && 'input_type' in value;
      if (
        lookupAsData &&
        (!(LOOKUP_KINDS as readonly unknown[]).includes(value.input_type) || typeof value.identifier !== 'string')
      )
        only(SAYS.badRequest, 'the bad-request reply');
      else if (!lookupAsData && !text.trim()) {
        if ('value' in activity) only(SAYS.badRequest, 'the bad-request reply');
        else must(answer.replies.length === 0, 'an empty message was answered', said);
      } else if (!lookupAsData && HELP_WORDS.includes(text))
        must(SAYS.help.has(texts[0]), '"help" did not get the help text first', said);
      else if (!lookupAsData && CANCEL_WORDS.includes(text)) only(SAYS.cancelled, 'the cancelled reply');
      else must(answer.replies.length > 0, 'a message got no answer at all');
      break;
    }
    case 'conversationUpdate': {
      const added = Array.isArray(activity.membersAdded) ? (activity.membersAdded as Json[]) : [];
      // One welcome, however many people joined at once (a group chat would otherwise get one per member).
      const welcomes = added.some((member) => member.id !== (activity.recipient as Json).id) ? 1 : 0;
      must(
        texts.length === welcomes && texts.every((t) => SAYS.welcome.has(t)),
        'not one welcome when people join',
        `${welcomes} expected, got ${said}`,
      );
      break;
    }
    case 'event':
      if (activity.name === 'webchat/join') only(SAYS.welcome, 'the welcome');
      else must(answer.replies.length === 0, 'an event other than webchat/join was answered', said);
      break;
    default:
      must(answer.replies.length === 0, 'an activity type the bot does not handle was answered', said);
  }
  return problems;
}

// ---------------------------------------------------------------- one request, start to end

const tally = { byKind: new Map<string, number>(), byStatus: new Map<number, number>(), slowestMs: 0, requests: 0 };
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
/** How many activities each fuzzed conversation took, to pick the busiest for the checks afterwards. */
const traffic = new Map<string, number>();

async function exercise(request: FuzzRequest): Promise<Problem[]> {
  if (request.fault) upstreams[request.fault.upstream].inject(...request.fault.faults);
  if (request.authorization) sentAuthorizations.add(request.authorization);
  const sent = materialize(request);
  for (const marker of sent.decoded.match(MARKER) ?? []) sentMarkers.add(marker);
  const expected = expectedAnswer(request, sent);
  const activity = 'turn' in expected ? expected.turn : undefined;
  const key = activity && conversationKey(activity);
  const idKey = key && typeof activity.id === 'string' && activity.id ? `${key}\u0000${activity.id}` : undefined;
  const duplicate = idKey !== undefined && answered.has(idKey);

  const answer = await send(sent);
  tally.requests++;
  count(
    tally.byKind,
    request.kind
      .replace(/, damaged \(.*\)$/, ', damaged')
      .replace(/^gzip bomb.*/, 'gzip bomb')
      .replace(/^(nested|body of) .*/, '$1 …'),
  );
  if (typeof answer === 'string') return [{ what: answer }];
  count(tally.byStatus, answer.status);
  tally.slowestMs = Math.max(tally.slowestMs, answer.ms);

  if (activity && key && answer.status !== 400) {
    if (idKey) answered.add(idKey);
    if (typeof activity.id === 'string' && activity.id) lastIdOf.set(key, activity.id);
    count(traffic, key);
    for (const [field, value] of Object.entries(activity))
      if (field !== 'text' && typeof value === 'string') otherFieldValues.add(value);
    if (typeof activity.text === 'string' && activity.text.trim().length >= 16 && sentTexts.size < TEXT_SAMPLE)
      sentTexts.add(activity.text);
  }
  return problemsWith(request, expected, answer, duplicate);
}

// ---------------------------------------------------------------- the tests

describe('fuzzing POST /api/messages', () => {
  test(`${RUNS} random requests get the answers the route promises, and no turn fails`, async () => {
    try {
      await fuzz();
    } finally {
      const kinds = [...tally.byKind.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${String(n).padStart(5)}  ${kind}`);
      const statuses = [...tally.byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([status, n]) => `${status}: ${n}`);
      console.log(
        `${tally.requests} requests (seed ${SEED}); slowest ${tally.slowestMs} ms; statuses ${statuses.join(', ')}\n${kinds.join('\n')}`,
      );
    }
  }, 600_000);

  /** Either fast-check's property (stops at the first failure and shrinks it), or every request with each distinct problem listed once. */
  async function fuzz(): Promise<void> {
    if (COLLECT) {
      const seen = new Map<string, { index: number; request: FuzzRequest; detail?: string; times: number }>();
      const requests = fc.sample(fuzzRequest, { seed: SEED, numRuns: RUNS });
      for (const [index, request] of requests.entries()) {
        for (const { what, detail } of await exercise(request)) {
          const known = seen.get(what);
          if (known) known.times++;
          else seen.set(what, { index, request, detail, times: 1 });
        }
      }
      const report = [...seen.entries()].map(
        ([what, { index, request, detail, times }]) =>
          `${what} (${times}×)${detail ? `\n  ${detail}` : ''}\n  first at request #${index}: ${fc.stringify(request).slice(0, 1200)}`,
      );
      expect(report.join('\n\n')).toBe('');
    } else {
      await fc.assert(
        fc.asyncProperty(fuzzRequest, async (request) => {
          const problems = await exercise(request);
          if (problems.length)
            throw new Error(problems.map(({ what, detail }) => (detail ? `${what}: ${detail}` : what)).join('\n'));
        }),
        { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH, endOnFailure: true } : {}) },
      );
    }
  }

  test('no unhandled rejection and no uncaught exception happened in the process', () => {
    expect(uncaughtExceptions.map(String)).toEqual([]);
    expect(unhandledRejections.map(String)).toEqual([]);
  });

  test('the service still answers /healthz and /readyz', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(`${app.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  test('no log line carries a secret, a marker or a message text that was sent: ours, or anything a library printed', () => {
    // The search finds nothing where nothing was sent: a run that sent no marker or no longer text (stopped early, or too few FUZZ_RUNS) proves nothing, and fails here.
    expect({ markers: sentMarkers.size > 0, texts: sentTexts.size > 0 }).toEqual({ markers: true, texts: true });
    const all = [...app.logs, ...printed].join('\n');
    const leaks: string[] = [];
    // Searched as written and as JSON-escaped, the two ways a string can appear in a JSON log line.
    const find = (what: string, value: string) => {
      for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) {
        const at = all.indexOf(form);
        if (at >= 0)
          leaks.push(
            `${what} ${JSON.stringify(value.slice(0, 80))} in: ${all.slice(all.lastIndexOf('\n', at) + 1, at + 200)}`,
          );
      }
    };
    for (const secret of secrets()) find('secret', secret);
    for (const marker of sentMarkers) find('marker', marker);
    for (const text of sentTexts) if (!otherFieldValues.has(text)) find('message text', text);
    expect(leaks).toEqual([]);
  });

  test('a new conversation still gets a status card, in both delivery modes', async () => {
    const quick = new TestChannel({ botUrl: app.url, mode: 'expectReplies', connector, locale: 'en-US' });
    const { status, replies } = await quick.say(`where is ${DEMO.trackings.trackingNumbers.inTransit}`);
    expect(status).toBe(200);
    expect(summarize(replies)).toEqual([
      `Here is the shipment for ${DEMO.trackings.trackingNumbers.inTransit}:`,
      '(card)',
    ]);
    expect(cardJson(replies)).toContain('In transit');

    const stepwise = new TestChannel({ botUrl: app.url, mode: 'normal', connector, locale: 'en-US' });
    expect(summarize((await stepwise.say('hi')).replies)).toEqual([
      `${english('social.hello')} ${english('prompt.kind')}`,
    ]);
    expect(summarize((await stepwise.say('Order number')).replies)).toEqual([
      english('prompt.identifier.order_number'),
    ]);
    const card = await stepwise.say(DEMO.checkpoints.delivered);
    expect(summarize(card.replies)).toEqual([`Here is the shipment for ${DEMO.checkpoints.delivered}:`, '(card)']);
    expect(cardJson(card.replies)).toContain('DHL');
  });

  test('the fuzzed conversations still answer "help"', async () => {
    const fuzzed = Array.from({ length: LONG_CONVERSATIONS }, (_, n) => `fuzz-long-${n}`);
    // Only conversations that the fuzz really carried on (over 50 turns each) make this mean something; a run that stopped early fails here.
    expect(fuzzed.map((id) => (traffic.get(`webchat\u0000${id}`) ?? 0) > 50)).toEqual(fuzzed.map(() => true));
    for (const conversationId of fuzzed) {
      const chat = new TestChannel({ botUrl: app.url, mode: 'expectReplies', locale: 'en-US', conversationId });
      const { status, replies } = await chat.say('help');
      expect({ conversationId, status, first: summarize(replies)[0] }).toEqual({
        conversationId,
        status: 200,
        first: english('help'),
      });
    }
  });
});
