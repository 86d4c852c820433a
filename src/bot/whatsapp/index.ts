/**
 * WhatsApp as a channel of the bot, on Meta's WhatsApp Business Cloud API (docs/whatsapp.md): its parts, wired.
 * What touches botbuilder (the adapter, the webhook's turns, the bot's storage) is here at the bot's edge; what
 * does not (the signature, the payload, the Graph API, what a message may hold) is in src/channels/whatsapp.
 * Built in two steps: the channel first (its adapter, and the announcer Notify me sends through), its webhook once
 * the bot exists.
 */
import type { Server } from 'restify';
import type { BotAdapter, Storage, TurnContext } from '../botbuilder';
import type { WhatsAppSettings } from '../../channels/whatsapp/settings';
import type { Translator } from '../../i18n';
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import type { StorageNames } from '../../runtime/storageNames';
import type { Metrics } from '../../telemetry/metrics';
import type { Redelivery, WatchStore } from '../../watch';
import { WhatsAppCustomerIds } from '../../channels/whatsapp/customerIds';
import { GraphApi } from '../../channels/whatsapp/graphApi';
import { SealedNumbers } from '../../channels/whatsapp/sealedNumbers';
import { SeenMessages } from './seenMessages';
import { WhatsAppAdapter } from './whatsAppAdapter';
import { registerWhatsAppRoutes, type WhatsAppWebhook } from './webhookRoutes';
import { WebhookSignature } from '../../channels/whatsapp/webhookSignature';
import { WhatsAppContacts } from './whatsAppContacts';
import { SentUpdates } from './sentUpdates';
import { WhatsAppAnnouncer } from './whatsAppAnnouncer';
import { UpdateFailures } from './updateFailures';
import { ProactiveAnnouncer } from '../proactiveAnnouncer';
import type { ConversationQueue } from '../conversationQueue';
import type { TurnTransaction } from '../turnTransaction';
import type { OfferedChoices } from '../dialogPorts';

export type { WhatsAppWebhook } from './webhookRoutes';
export { WHATSAPP_CHANNEL } from './whatsAppAdapter';
export { contactInForce } from './whatsAppContacts';

export interface WhatsAppParts {
  /** The bot's storage, where the message ids taken, the customers' sealed numbers and the updates sent are kept. */
  storage: Storage;
  names: StorageNames;
  /** STORAGE_KEY_SECRET, which keys the customers' ids and seals their numbers; none (state in memory): a key of this process. */
  storageKeySecret?: string;
  clock: Clock;
  translator: Translator;
  logger: Logger;
  metrics?: Metrics;
}

/** What a proactive turn runs in, as every channel's: the conversation's queue, the turn's transaction, the choices offered. */
interface TurnParts {
  queue: ConversationQueue;
  transaction: TurnTransaction;
  memory: OfferedChoices;
  logger: Logger;
}

export interface WhatsAppChannel {
  /** Sends Notify me's updates on WhatsApp (channel id WHATSAPP_CHANNEL). */
  announcer(turns: TurnParts): WhatsAppAnnouncer;
  /** The webhook, once the bot is built; `watches` for a failed update's watch, `redelivery` to send it again. */
  listen(
    server: Server,
    bot: { run(context: TurnContext): Promise<void> },
    onTurnError: BotAdapter['onTurnError'],
    watches: WatchStore,
    redelivery: Redelivery,
  ): WhatsAppWebhook;
}

export function createWhatsAppChannel(settings: WhatsAppSettings, parts: WhatsAppParts): WhatsAppChannel {
  const graph = new GraphApi(settings);
  const contacts = new WhatsAppContacts(parts.storage, parts.names, new SealedNumbers(parts.storageKeySecret));
  const adapter = new WhatsAppAdapter(
    graph,
    new WhatsAppCustomerIds(parts.storageKeySecret),
    settings.phoneNumberId,
    parts.translator,
    contacts,
  );
  const sentUpdates = new SentUpdates(parts.storage, parts.names, parts.clock);
  return {
    announcer: (turns) =>
      new WhatsAppAnnouncer({
        // No app id: WhatsApp's adapter reaches the customer by the number it keeps.
        turns: new ProactiveAnnouncer(adapter, '', turns.queue, turns.transaction, turns.memory, turns.logger),
        contacts,
        sentUpdates,
        template: settings.updateTemplate,
        clock: parts.clock,
        logger: turns.logger,
      }),
    listen(server, bot, onTurnError, watches, redelivery) {
      adapter.onTurnError = onTurnError;
      return registerWhatsAppRoutes(server, {
        verifyToken: settings.verifyToken,
        phoneNumberId: settings.phoneNumberId,
        signature: new WebhookSignature(settings.appSecret),
        seen: new SeenMessages(parts.storage, parts.names, parts.clock),
        adapter,
        graph,
        bot,
        translator: parts.translator,
        logger: parts.logger,
        metrics: parts.metrics,
        failures: new UpdateFailures({
          sentUpdates,
          store: watches,
          redelivery,
          contacts,
          template: settings.updateTemplate !== undefined,
          clock: parts.clock,
          logger: parts.logger,
        }),
      });
    },
  };
}
