/**
 * WhatsApp as a channel of the bot, on Meta's WhatsApp Business Cloud API (docs/whatsapp.md): its parts, wired.
 * What touches botbuilder (the adapter, the webhook's turns, the bot's storage) is here at the bot's edge; what
 * does not (the signature, the payload, the Graph API, what a message may hold) is in src/channels/whatsapp.
 */
import type { Server } from 'restify';
import type { BotAdapter, Storage, TurnContext } from '../botbuilder';
import type { WhatsAppSettings } from '../../channels/whatsapp/settings';
import type { Translator } from '../../i18n';
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import type { StorageNames } from '../../runtime/storageNames';
import { WhatsAppCustomerIds } from '../../channels/whatsapp/customerIds';
import { GraphApi } from '../../channels/whatsapp/graphApi';
import { SeenMessages } from './seenMessages';
import { WhatsAppAdapter } from './whatsAppAdapter';
import { registerWhatsAppRoutes, type WhatsAppWebhook } from './webhookRoutes';
import { WebhookSignature } from '../../channels/whatsapp/webhookSignature';

export type { WhatsAppWebhook } from './webhookRoutes';

export interface WhatsAppParts {
  server: Server;
  bot: { run(context: TurnContext): Promise<void> };
  /** The bot's storage, where the message ids taken are kept. */
  storage: Storage;
  names: StorageNames;
  /** STORAGE_KEY_SECRET, which keys the customers' ids; none (state in memory): a key of this process. */
  storageKeySecret?: string;
  clock: Clock;
  translator: Translator;
  logger: Logger;
  /** What a failed turn does (the same apology as on every channel). */
  onTurnError: BotAdapter['onTurnError'];
}

export function createWhatsAppChannel(settings: WhatsAppSettings, parts: WhatsAppParts): WhatsAppWebhook {
  const graph = new GraphApi(settings);
  const adapter = new WhatsAppAdapter(graph, new WhatsAppCustomerIds(parts.storageKeySecret), settings.phoneNumberId, parts.translator);
  adapter.onTurnError = parts.onTurnError;
  return registerWhatsAppRoutes(parts.server, {
    verifyToken: settings.verifyToken,
    phoneNumberId: settings.phoneNumberId,
    signature: new WebhookSignature(settings.appSecret),
    seen: new SeenMessages(parts.storage, parts.names, parts.clock),
    adapter,
    graph,
    bot: parts.bot,
    translator: parts.translator,
    logger: parts.logger,
  });
}
