/**
 * GET and POST /api/whatsapp: Meta's webhook. The GET is the verification handshake; the POST brings customers'
 * messages and our sends' statuses. A POST is taken only when signed with the app secret, and is answered 200
 * at once: Meta retries a webhook not answered in time, so the work (a lookup may take seconds) follows the answer.
 */
import type { Request, Response, Server } from 'restify';
import restify from 'restify';
import type { TurnContext } from '../botbuilder';
import { SecretMatch } from '../../runtime/secretMatch';
import type { Logger } from '../../runtime/logger';
import { errorLogFields } from '../../tracking/errors';
import type { Translator } from '../../i18n';
import { callingCodeLanguage } from '../../channels/whatsapp/callingCodeLanguage';
import type { GraphApi } from '../../channels/whatsapp/graphApi';
import type { SeenMessages } from './seenMessages';
import type { WhatsAppAdapter } from './whatsAppAdapter';
import { readNotification, type InboundMessage, type SendStatus } from '../../channels/whatsapp/webhookPayload';
import { NO_METRICS, type Metrics } from '../../telemetry/metrics';
import type { UpdateFailures } from './updateFailures';
import type { WebhookSignature } from '../../channels/whatsapp/webhookSignature';
import { answerAtOnce } from '../../http/answerAtOnce';

/** Meta's notifications are a few KB; a batch of 100 entries stays well under this. */
const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

export interface WhatsAppWebhook {
  /** Resolves once every delivery taken so far has been worked through (tests and shutdown wait on it). */
  idle(): Promise<void>;
}

export interface WhatsAppWebhookParts {
  verifyToken: string;
  phoneNumberId: string;
  signature: WebhookSignature;
  seen: SeenMessages;
  adapter: WhatsAppAdapter;
  graph: GraphApi;
  bot: { run(context: TurnContext): Promise<void> };
  /** For the one line a message the bot cannot read gets. */
  translator: Translator;
  logger: Logger;
  /** Status callbacks are counted here. */
  metrics?: Metrics;
  /** A `failed` status on an update is handled as a failed send. */
  failures?: UpdateFailures;
}

export function registerWhatsAppRoutes(
  server: Server,
  parts: WhatsAppWebhookParts,
  path = '/api/whatsapp',
): WhatsAppWebhook {
  const verifyToken = new SecretMatch(parts.verifyToken);
  const working = new Set<Promise<void>>();

  server.get(
    path,
    answerAtOnce((req: Request, res: Response) => {
      const query = new URL(req.url ?? '', 'http://webhook').searchParams;
      const challenge = query.get('hub.challenge');
      if (
        query.get('hub.mode') !== 'subscribe' ||
        !verifyToken.matches(query.get('hub.verify_token') ?? undefined) ||
        challenge === null
      ) {
        res.status(403);
        return void res.end();
      }
      // Exactly the challenge, as text: restify would JSON-encode a string sent with res.send.
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(challenge);
    }),
  );

  server.post(
    path,
    restify.plugins.bodyReader({ maxBodySize: WEBHOOK_MAX_BODY_BYTES }),
    answerAtOnce((req: Request, res: Response) => {
      const raw: Buffer = Buffer.isBuffer(req.body)
        ? req.body
        : Buffer.from(typeof req.body === 'string' ? req.body : '', 'utf8');
      const header = req.headers['x-hub-signature-256'];
      if (!parts.signature.matches(raw, typeof header === 'string' ? header : undefined)) {
        res.send(401, { code: 'unauthenticated', message: 'X-Hub-Signature-256 is missing or wrong' });
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        res.send(400, { code: 'invalid_argument', message: 'the body is not JSON', argument: 'body' });
        return;
      }
      res.send(200);
      const work = handle(body).finally(() => working.delete(work));
      working.add(work);
    }),
  );

  async function handle(body: unknown): Promise<void> {
    const { messages, statuses } = readNotification(body, parts.phoneNumberId);
    for (const status of statuses) {
      try {
        await tell(status);
      } catch (error) {
        parts.logger.error({ error: errorLogFields(error) }, 'whatsapp status not processed');
      }
    }
    for (const message of messages) {
      try {
        await take(message);
      } catch (error) {
        // Never the message id: WhatsApp's ids encode the sender's number.
        parts.logger.error({ error: errorLogFields(error) }, 'whatsapp message not processed');
      }
    }
  }

  /** A status of one of our sends: counted (by status alone, never an id); a failed update is sent again or ends its watch. */
  async function tell(status: SendStatus): Promise<void> {
    // Bounded by the catalog: a status Meta adds later counts as `other`.
    (parts.metrics ?? NO_METRICS).count('bot_whatsapp_statuses_total', { status: status.status as 'sent' });
    if (status.status !== 'failed') return;
    parts.logger.info({ channel: 'whatsapp', code: status.code }, 'whatsapp message failed on delivery');
    if (status.id) await parts.failures?.failed(status.id, status.code);
  }

  async function take(message: InboundMessage): Promise<void> {
    if (await parts.seen.takenBefore(message.id)) {
      parts.logger.info({ channel: 'whatsapp' }, 'duplicate delivery ignored');
      return;
    }
    // Blue ticks: the customer sees their message arrived while the bot looks it up.
    await parts.graph
      .markRead(message.id)
      .catch((error: unknown) =>
        parts.logger.warn({ error: errorLogFields(error) }, 'whatsapp message not marked read'),
      );
    if (message.words === undefined) {
      // It opens the 24-hour window all the same (Notify me's updates reach them as messages again).
      await parts.adapter.wrote(message);
      // A photo, a voice note, a location, a sticker, a reaction: one short line of what the bot can read, no turn.
      // Their language is the number's country's at best: there are no words to tell it.
      const { t } = parts.translator.localize(callingCodeLanguage(message.from));
      await parts.graph.send(message.from, { type: 'text', text: { body: t('errors.text_only') } });
      parts.logger.info({ channel: 'whatsapp' }, 'whatsapp message of a kind the bot cannot read');
      return;
    }
    await parts.adapter.process(message, (context) => parts.bot.run(context));
  }

  return {
    async idle() {
      while (working.size) await Promise.all(working);
    },
  };
}
