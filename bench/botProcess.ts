/**
 * The bot under measurement, in a process of its own so that its CPU time and memory are its own.
 * Besides the real app it serves, on the same adapter and server:
 *  - an echo bot: the framework's floor;
 *  - an echo bot that first asks the trackings simulator for the shipment over plain node:http, and
 *    echoes: the floor for any bot that calls an upstream (one more HTTP exchange a turn);
 *  - a bot that answers every message with the same status card, rendered once in advance: what
 *    sending a card rather than a line of text costs, before any state, lookup or rendering;
 *  - the echo bot with conversation state read and written, as the real bot does every turn;
 *  - a lookup answered without the dialog stack: the same lookup (cache included), cards and
 *    "anything else?" text as the real turn, sent as the same two messages;
 *  - the same with the cards alone: one message;
 *  - a bot shaped like botbuilder's core-bot sample: conversation and user state, a ComponentDialog
 *    run through a DialogSet each turn, and a waterfall whose step takes the prompt's answer and asks
 *    again (one waterfall step and one TextPrompt a turn): the floor for a guided turn of ours.
 * These are not products: they split the gap between echo and lookup into its parts.
 * It reports over IPC: { port } when listening, then { cpu, memory, state } when asked.
 */
import {
  ActivityHandler,
  ActivityTypes,
  ConversationState,
  MemoryStorage,
  UserState,
  type StatePropertyAccessor,
  type TurnContext,
} from 'botbuilder';
import {
  ComponentDialog,
  DialogSet,
  DialogTurnStatus,
  TextPrompt,
  WaterfallDialog,
  type DialogState,
  type WaterfallStepContext,
} from 'botbuilder-dialogs';
import http from 'node:http';
import { structuredLookup } from '../dialogs/structuredLookup';
import { TurnLanguages, type TurnLanguage } from '../src/bot/turnLanguage';
import { createApp } from '../src/app';
import { registerMessagesRoute } from '../src/bot/messagesRoute';
import { renderShipments } from '../src/cards/render';
import type { Reply } from '../src/channels';
import { loadConfig } from '../src/config';
import { Translator } from '../src/i18n';
import { silentLogger } from '../src/runtime/logger';

const config = loadConfig(process.env);
const store: Record<string, string> = {};
const app = createApp(config, silentLogger, { storage: new MemoryStorage(store) });

const echo = new ActivityHandler();
echo.onMessage(async (context, next) => {
  await context.sendActivity(`You said: ${context.activity.text ?? ''}`);
  await next();
});
registerMessagesRoute(app.server, app.adapter, echo, '/api/echo');

// Kept apart from the real bot's storage, so that the state sizes reported are the real bot's alone.
const partsState = new ConversationState(new MemoryStorage());
const turns = partsState.createProperty<{ turns: number }>('turns');
const withState = (handler: ActivityHandler) => ({
  async run(context: TurnContext) {
    (await turns.get(context, { turns: 0 })).turns++;
    await handler.run(context);
    await partsState.saveChanges(context);
  },
});
registerMessagesRoute(app.server, app.adapter, withState(echo), '/api/echo-state');

const translator = new Translator(config.defaultLocale);
const languages = new TurnLanguages(translator, config.defaultTimeZone);

/** What the real turn does for a structured lookup, up to the messages: the lookup (cache included) and its cards. */
async function lookupReplies(context: TurnContext): Promise<{ replies: Reply[]; language: TurnLanguage }> {
  const structured = structuredLookup(context.activity.value);
  if (!structured?.ok) throw new Error('the bench sends structured lookups only');
  const { request } = structured;
  const language = languages.of(context);
  const shipments = await app.lookup.find(request, language.language);
  const intro = language.t('lookup.found', { count: shipments.length, identifier: request.identifier });
  const replies = renderShipments(
    shipments,
    {
      t: language.t,
      locale: language.locale,
      timeZone: language.timeZone,
      customerTimeZone: language.customerTimeZone,
      channel: context.activity.channelId,
    },
    { intro },
  );
  return { replies, language };
}

const directLookup = (andAnythingElse: boolean) => {
  const direct = new ActivityHandler();
  direct.onMessage(async (context, next) => {
    const { replies, language } = await lookupReplies(context);
    for (const reply of replies) await context.sendActivity({ type: ActivityTypes.Message, ...reply });
    if (andAnythingElse) await context.sendActivity(language.t('prompt.kind'));
    await next();
  });
  return withState(direct);
};
registerMessagesRoute(app.server, app.adapter, directLookup(true), '/api/lookup-direct');
registerMessagesRoute(app.server, app.adapter, directLookup(false), '/api/lookup-direct-one');

/** core-bot's MainDialog, cut to one question asked again and again: a waterfall step and a prompt per turn. */
class CoreBotDialog extends ComponentDialog {
  constructor() {
    super('main');
    this.addDialog(new TextPrompt('text'));
    this.addDialog(
      new WaterfallDialog('loop', [
        (step: WaterfallStepContext) =>
          step.prompt('text', { prompt: translator.english('prompt.identifier.tracking_number') }),
        (step: WaterfallStepContext) => step.replaceDialog('loop'),
      ]),
    );
    this.initialDialogId = 'loop';
  }

  /** As core-bot's MainDialog.run: a DialogSet around the dialog, continued, or begun when nothing is open. */
  async run(context: TurnContext, accessor: StatePropertyAccessor<DialogState>): Promise<void> {
    const dialogs = new DialogSet(accessor);
    dialogs.add(this);
    const dc = await dialogs.createContext(context);
    const result = await dc.continueDialog();
    if (result.status === DialogTurnStatus.empty) await dc.beginDialog(this.id);
  }
}
const coreStorage = new MemoryStorage();
const coreConversation = new ConversationState(coreStorage);
const coreUser = new UserState(coreStorage);
const coreDialog = new CoreBotDialog();
const coreDialogState = coreConversation.createProperty<DialogState>('DialogState');
// As core-bot's DialogBot: the dialog on every message, then both states saved.
const coreBot = new ActivityHandler();
coreBot.onMessage(async (context, next) => {
  await coreDialog.run(context, coreDialogState);
  await next();
});
coreBot.onDialog(async (context, next) => {
  await coreConversation.saveChanges(context, false);
  await coreUser.saveChanges(context, false);
  await next();
});
registerMessagesRoute(app.server, app.adapter, coreBot, '/api/core-bot');

// The first lookup's cards, sent again as they are on every later turn: no state, no lookup, no rendering.
let readyCards: Promise<Reply[]> | undefined;
const readyCard = new ActivityHandler();
readyCard.onMessage(async (context, next) => {
  readyCards ??= lookupReplies(context).then(({ replies }) => replies);
  for (const reply of await readyCards) await context.sendActivity({ type: ActivityTypes.Message, ...reply });
  await next();
});
registerMessagesRoute(app.server, app.adapter, readyCard, '/api/echo-card');

// One upstream call over plain node:http (keep-alive, no retries, no validation), then the echo's reply.
const upstreamAgent = new http.Agent({ keepAlive: true });
const askUpstream = (identifier: string) =>
  new Promise<unknown>((resolve, reject) => {
    const { baseUrl, apiKey, service } = config.trackings!;
    const body = JSON.stringify({ tracking_number: identifier });
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      authorization: `Bearer ${apiKey}`,
    };
    const req = http.request(
      `${baseUrl}/${service}/ListTrackings`,
      { method: 'POST', agent: upstreamAgent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
            : reject(new Error(`the simulator answered ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
const echoUpstream = new ActivityHandler();
echoUpstream.onMessage(async (context, next) => {
  const answer = (await askUpstream((context.activity.value as { identifier: string }).identifier)) as {
    trackings?: unknown[];
  };
  await context.sendActivity(`You said: ${context.activity.text ?? ''} (${answer.trackings?.length ?? 0} found)`);
  await next();
});
registerMessagesRoute(app.server, app.adapter, echoUpstream, '/api/echo-upstream');

let peakRss = 0;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50).unref();

process.on('message', (message: { type: string }) => {
  // A clean exit, so that --cpu-prof (inherited from the bench) can write its profile; with metrics on, after their last export, as the service stops.
  if (message.type === 'stop')
    void app.telemetry
      .shutdown()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  if (message.type !== 'stats') return;
  // Conversation state as stored: one entry per conversation (botbuilder keys it by channel and conversation).
  const state = Object.entries(store)
    .filter(([key]) => key.includes('/conversations/'))
    .map(([, value]) => Buffer.byteLength(value));
  process.send!({
    type: 'stats',
    cpu: process.cpuUsage(),
    rss: process.memoryUsage().rss,
    peakRss,
    heapUsed: process.memoryUsage().heapUsed,
    state,
  });
});

app.server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'listening', port: app.server.address().port });
});
