/**
 * A local stand-in for Azure Bot Service, for sandbox mode: the parts of Direct Line 3.0 that
 * Web Chat's DirectLine client uses (polling), and the connector endpoints a bot replies to.
 * Messages reach the bot over HTTP at /api/messages and its replies come back by normal delivery,
 * exactly as in production, so typing indicators, cards and later proactive messages all arrive.
 * It also plays the agent hub of a Bot Framework handoff (agentHub.ts): while an agent has a conversation,
 * its customer's messages go to the agent, not to the bot.
 * Its Direct Line is Direct Line's with enhanced authentication (directLineGrants.ts): tokens from the
 * secret (tokens/generate, which the token endpoint calls), bound to a dl_ user, that expire and are
 * refreshed, and a conversation a page reconnects to with its watermark. So the sandbox runs the
 * production flow of a store's page. The connector and the hub take no auth: for development only, on
 * loopback, in memory, bounded.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response, Server } from 'restify';
import { jsonBody } from '../../src/http/server';
import type { Logger } from '../../src/runtime/logger';
import { answerAtOnce } from '../../src/http/answerAtOnce';
import { thisMachineOnly } from '../loopbackHost';
import {
  addLine,
  AGENT,
  AGENT_MESSAGE_MAX,
  handoffStatus,
  isHandoffInitiation,
  isHandoffState,
  nextStage,
  signed,
  stageOf,
  type HubCase,
} from './agentHub';
import { DirectLineGrants, SANDBOX_DIRECTLINE_SECRET, type Bearer } from './directLineGrants';

export const DIRECT_LINE_PATH = '/sandbox/directline';
const CONNECTOR_PATH = '/sandbox/connector';
/**
 * The agent hub's own routes, for the page's hub panel, as a real hub is a system apart from the customer's
 * chat: GET …/cases (the queue, newest first), POST …/conversations/{id}/status
 * {state: "accepted" | "completed" | "failed"}, and POST …/conversations/{id}/messages {text} for a reply.
 */
const AGENT_HUB_PATH = '/sandbox/hub';
/** The cases the hub's queue shows at most. */
const CASES_SHOWN = 5;

const MAX_CONVERSATIONS = 200;
const MAX_ACTIVITIES = 500;
const BOT = { id: 'order-tracking-bot', name: 'Order Tracking', role: 'bot' };

type Activity = Record<string, unknown> & { id?: string; type?: string };

interface Conversation {
  activities: Activity[];
  /** Direct Line's watermark counts every activity ever stored, also those dropped by the bound. */
  dropped: number;
  /** The handoff the hub received last, under way (waiting, accepted) or ended. */
  hubCase?: HubCase;
}

export interface LocalChannelOptions {
  /** Where the bot listens, e.g. http://127.0.0.1:3978 */
  botUrl: string;
  logger: Logger;
  /** Time for the tokens' expiry; the wall clock unless a test moves it. */
  clock?: { now(): number };
}

/** A page on this machine, any port (the sandbox page, the demo shop): the only origins its Direct Line answers CORS for. */
const LOOPBACK_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;
const FORBIDDEN = {
  error: { code: 'TokenExpired', message: 'this needs the secret or a live token for this conversation' },
};
const UNKNOWN = { error: { code: 'BadArgument', message: 'unknown conversation' } };
/** The conversation a route's :id names (restify types a route's params as any). */
const idOf = (req: Request): string => (req.params as { id: string }).id;

export class LocalChannel {
  private readonly conversations = new Map<string, Conversation>();

  private readonly grants: DirectLineGrants;

  /** Counts the cases as they arrive: the queue's order. */
  private arrivals = 0;

  constructor(private readonly options: LocalChannelOptions) {
    const clock = options.clock ?? { now: () => Date.now() };
    this.grants = new DirectLineGrants(SANDBOX_DIRECTLINE_SECRET, () => clock.now());
  }

  register(server: Server): void {
    const body = jsonBody(256 * 1024);
    // A page on another loopback port (the demo shop) calls it across origins, as a store's page calls Direct Line.
    const cors: RequestHandler = (req, res, next) => {
      const origin = req.headers.origin;
      if (typeof origin === 'string' && LOOPBACK_ORIGIN.test(origin)) {
        res.header('Access-Control-Allow-Origin', origin);
        res.header('Vary', 'Origin');
      }
      return next();
    };
    for (const path of [
      '/tokens/generate',
      '/tokens/refresh',
      '/conversations',
      '/conversations/:id',
      '/conversations/:id/activities',
    ]) {
      server.opts(`${DIRECT_LINE_PATH}${path}`, cors, (_req: Request, res: Response, next) => {
        res.header('Access-Control-Allow-Methods', 'GET, POST');
        res.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, x-ms-bot-agent');
        res.header('Access-Control-Max-Age', '600');
        res.send(204);
        return next(false);
      });
    }
    /** The conversation, when the request may use it; else it has answered (403 before 404: a stranger learns nothing). */
    const allowed = (req: Request, res: Response): { conversation: Conversation; bearer: Bearer } | undefined => {
      const bearer = this.grants.bearer(req);
      if (!bearer || !this.grants.may(bearer, idOf(req))) return void res.send(403, FORBIDDEN);
      const conversation = this.conversations.get(idOf(req));
      if (!conversation) return void res.send(404, UNKNOWN);
      return { conversation, bearer };
    };
    /** A token for the same conversation and user as the bearer's (the secret's: a token of the conversation). */
    const tokenLike = (bearer: Bearer, conversationId: string) =>
      bearer.kind === 'token'
        ? this.grants.issue(conversationId, bearer.grant.userId, bearer.grant.trustedOrigins)
        : this.grants.issue(conversationId);

    server.post(
      `${DIRECT_LINE_PATH}/tokens/generate`,
      cors,
      body,
      answerAtOnce((req, res) => {
        if (this.grants.bearer(req)?.kind !== 'secret')
          return void res.send(403, { error: { code: 'Forbidden', message: 'tokens/generate needs the secret' } });
        const input = req.body as { user?: { id?: unknown }; trustedOrigins?: unknown } | undefined;
        const userId = input?.user?.id;
        if (typeof userId !== 'string' || !/^dl_\S{1,128}$/.test(userId))
          return void res.send(400, { error: { code: 'BadArgument', message: 'user.id must start with dl_' } });
        const origins = Array.isArray(input?.trustedOrigins)
          ? input.trustedOrigins.filter((o): o is string => typeof o === 'string')
          : [];
        res.send(200, this.grants.issue(this.open(), userId, origins));
      }),
    );
    server.post(
      `${DIRECT_LINE_PATH}/tokens/refresh`,
      cors,
      body,
      answerAtOnce((req, res) => {
        const bearer = this.grants.bearer(req);
        if (!bearer) return void res.send(403, FORBIDDEN);
        // A client that connected with the demo secret (a tool, a test) may refresh it as if it were a token: it stays itself.
        if (bearer.kind === 'secret') return void res.send(200, { token: SANDBOX_DIRECTLINE_SECRET, expires_in: 1800 });
        res.send(200, tokenLike(bearer, bearer.grant.conversationId));
      }),
    );
    server.post(
      `${DIRECT_LINE_PATH}/conversations`,
      cors,
      body,
      answerAtOnce((req, res) => {
        const bearer = this.grants.bearer(req);
        if (!bearer) return void res.send(403, FORBIDDEN);
        // A token already has its conversation (Direct Line answers it again); the secret starts a new one.
        if (bearer.kind === 'token') return void res.send(201, tokenLike(bearer, bearer.grant.conversationId));
        res.send(201, this.grants.issue(this.open()));
      }),
    );
    // Reconnecting, as Web Chat's DirectLine does with a conversationId: a fresh token; the activities follow by watermark.
    server.get(
      `${DIRECT_LINE_PATH}/conversations/:id`,
      cors,
      answerAtOnce((req, res) => {
        const found = allowed(req, res);
        if (found) res.send(200, tokenLike(found.bearer, idOf(req)));
      }),
    );
    server.get(
      `${DIRECT_LINE_PATH}/conversations/:id/activities`,
      cors,
      answerAtOnce((req, res) => {
        const found = allowed(req, res);
        if (!found) return;
        const { conversation } = found;
        // restify parses no query string unless told to; read it from the URL.
        const watermark = Math.max(
          0,
          Number(new URL(req.url ?? '', 'http://local').searchParams.get('watermark') ?? 0) || 0,
        );
        const from = Math.max(0, watermark - conversation.dropped);
        res.send(200, {
          activities: conversation.activities.slice(from),
          watermark: String(conversation.dropped + conversation.activities.length),
        });
      }),
    );
    server.post(
      `${DIRECT_LINE_PATH}/conversations/:id/activities`,
      cors,
      body,
      answerAtOnce((req, res) => {
        const found = allowed(req, res);
        if (!found) return;
        const posted = req.body as Activity;
        // Enhanced authentication: a token's user is the sender, whatever id the page wrote.
        const userId = found.bearer.kind === 'token' ? found.bearer.grant.userId : undefined;
        const activity = this.store(idOf(req), {
          ...posted,
          from: { role: 'user', ...(posted?.from as object), ...(userId ? { id: userId } : {}) },
        });
        res.send(200, { id: activity.id });
        // While an agent has the conversation, the customer's messages are theirs (the hub panel shows them), not the bot's.
        const hubCase = found.conversation.hubCase;
        if (stageOf(hubCase) === 'accepted' && activity.type === 'message') {
          if (typeof activity.text === 'string' && activity.text)
            addLine(hubCase!, { from: 'customer', text: activity.text });
          return;
        }
        void this.forward(idOf(req), activity);
      }),
    );

    // The connector: what the bot POSTs its replies (and proactive messages) to.
    const reply = answerAtOnce((req, res) => {
      if (!this.conversations.has(idOf(req)))
        return void res.send(404, { error: { code: 'BadArgument', message: 'unknown conversation' } });
      const activity = this.store(idOf(req), { ...(req.body as Activity), from: BOT });
      res.send(200, { id: activity.id });
      // The hub queues the case until the agent (the page's panel) accepts it or finds nobody free.
      if (isHandoffInitiation(activity)) {
        const { type, name, value, attachments } = activity;
        this.conversations.get(idOf(req))!.hubCase = {
          event: { type, name, value, attachments },
          state: 'waiting',
          lines: [],
          arrived: ++this.arrivals,
        };
      }
    });
    server.post(`${CONNECTOR_PATH}/v3/conversations/:id/activities`, body, reply);
    server.post(`${CONNECTOR_PATH}/v3/conversations/:id/activities/:replyTo`, body, reply);

    // The hub is the developer's, on this machine: its routes answer loopback connections only, and no other origin (no CORS).
    const local = thisMachineOnly('the agent hub');
    // The hub's queue: the newest cases first, each with the event the hub received, where it stands and the lines since.
    server.get(
      `${AGENT_HUB_PATH}/cases`,
      local,
      answerAtOnce((_req, res) => {
        const cases = [...this.conversations]
          .flatMap(([conversationId, { hubCase }]) => (hubCase ? [{ conversationId, ...hubCase }] : []))
          .sort((a, b) => b.arrived - a.arrived)
          .slice(0, CASES_SHOWN)
          // `arrived` tells a conversation's second case from its first: the panel shows each afresh.
          .map(({ conversationId, event, state, lines, arrived }) => ({
            conversationId,
            state,
            event,
            lines,
            arrived,
          }));
        res.header('Cache-Control', 'no-store');
        res.send(200, { cases });
      }),
    );
    server.post(
      `${AGENT_HUB_PATH}/conversations/:id/status`,
      local,
      body,
      answerAtOnce((req, res) => {
        if (!this.conversations.has(idOf(req)))
          return void res.send(404, { error: { code: 'BadArgument', message: 'unknown conversation' } });
        const state = (req.body as { state?: unknown } | undefined)?.state;
        if (!isHandoffState(state))
          return void res.send(400, {
            error: { code: 'BadArgument', message: 'state must be accepted, failed or completed' },
          });
        const conversation = this.conversations.get(idOf(req))!;
        const next = nextStage(stageOf(conversation.hubCase), state);
        if ('refused' in next) return void res.send(409, { error: { code: 'Conflict', message: next.refused } });
        // A stage given means a case is under way (nextStage refuses anything else).
        conversation.hubCase!.state = next.stage ?? state;
        this.fromHub(idOf(req), state);
        res.send(204);
      }),
    );
    // The agent's reply, shown in the customer's chat as from the agent.
    server.post(
      `${AGENT_HUB_PATH}/conversations/:id/messages`,
      local,
      body,
      answerAtOnce((req, res) => {
        const conversation = this.conversations.get(idOf(req));
        if (!conversation)
          return void res.send(404, { error: { code: 'BadArgument', message: 'unknown conversation' } });
        const text = (req.body as { text?: unknown } | undefined)?.text;
        if (typeof text !== 'string' || !text.trim() || text.length > AGENT_MESSAGE_MAX) {
          return void res.send(400, {
            error: { code: 'BadArgument', message: `text must be 1 to ${AGENT_MESSAGE_MAX} characters` },
          });
        }
        if (stageOf(conversation.hubCase) !== 'accepted')
          return void res.send(409, { error: { code: 'Conflict', message: 'no agent has accepted it' } });
        this.store(idOf(req), { type: 'message', text: signed(text.trim()), from: AGENT });
        addLine(conversation.hubCase!, { from: 'agent', text: text.trim() });
        res.send(204);
      }),
    );
  }

  /** A handoff.status event from the hub: shown in the conversation (the page follows it) and sent to the bot. */
  private fromHub(conversationId: string, state: Parameters<typeof handoffStatus>[0]): void {
    const activity = this.store(conversationId, handoffStatus(state));
    void this.forward(conversationId, activity);
  }

  private open(): string {
    if (this.conversations.size >= MAX_CONVERSATIONS)
      this.conversations.delete(this.conversations.keys().next().value!);
    const id = randomUUID();
    this.conversations.set(id, { activities: [], dropped: 0 });
    return id;
  }

  private store(conversationId: string, activity: Activity): Activity {
    const conversation = this.conversations.get(conversationId)!;
    const stored: Activity = {
      ...activity,
      id: `${conversationId}|${String(conversation.dropped + conversation.activities.length).padStart(7, '0')}`,
      timestamp: new Date().toISOString(),
      channelId: 'webchat',
      conversation: { id: conversationId },
    };
    conversation.activities.push(stored);
    if (conversation.activities.length > MAX_ACTIVITIES) {
      conversation.activities.shift();
      conversation.dropped++;
    }
    return stored;
  }

  /** Hands a customer's activity to the bot, as the channel service does. */
  private async forward(conversationId: string, activity: Activity): Promise<void> {
    const serviceUrl = `${this.options.botUrl}${CONNECTOR_PATH}`;
    try {
      const response = await fetch(`${this.options.botUrl}/api/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...activity, serviceUrl, recipient: BOT, conversation: { id: conversationId } }),
      });
      if (!response.ok)
        this.options.logger.warn({ status: response.status }, 'local channel: the bot refused an activity');
    } catch (error) {
      this.options.logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'local channel: the bot did not answer',
      );
    }
  }
}
