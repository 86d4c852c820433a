/**
 * A `failed` status callback on a message that carried a Notify me update: WhatsApp took the send, then could not
 * deliver it. Handled as a failed send (refusals.ts), once however often Meta tells it (sentUpdates.ts):
 * - the window (131047): the customer's window is marked closed, and the update is sent again at the watch's next
 *   check, as the template; without a template nothing can reach them, and their watches end;
 * - undeliverable (131026): every watch of the conversation ends;
 * - a rate limit, or anything else: the update is sent again at the next check.
 * "Sent again" puts back what the watch had announced before the update, so its next check finds the change again
 * and sends it through the usual claim and record: once, with whatever is newest by then.
 */
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import type { WatchStore } from '../../watch';
import { refusalOf } from '../../channels/whatsapp/refusals';
import type { SentUpdates } from './sentUpdates';
import { customerOfWatch } from './whatsAppAnnouncer';
import type { WhatsAppContacts } from './whatsAppContacts';

export interface UpdateFailureParts {
  sentUpdates: SentUpdates;
  store: WatchStore;
  contacts: WhatsAppContacts;
  /** A template is configured (WHATSAPP_UPDATE_TEMPLATE). */
  template: boolean;
  clock: Clock;
  logger: Logger;
}

export class UpdateFailures {
  constructor(private readonly parts: UpdateFailureParts) {}

  async failed(messageId: string, code: number | undefined): Promise<void> {
    const { sentUpdates, store, contacts, logger, clock } = this.parts;
    const update = await sentUpdates.take(messageId);
    if (!update) return;
    const stored = await store.read(update.watch);
    if (!stored) return;
    const refusal = refusalOf(code);
    if (refusal === 'window') await contacts.refused(customerOfWatch(stored.watch), clock.now());
    if (refusal === 'undeliverable' || (refusal === 'window' && !this.parts.template)) {
      const all = await store.ofConversation(stored.watch.conversation);
      await Promise.all([stored.watch, ...all].map((each) => store.remove(each.id)));
      logger.info({ channel: 'whatsapp', code }, 'watch ended: WhatsApp could not deliver its update');
      return;
    }
    // A check may be writing it right now: read again once on a lost race.
    let current: typeof stored | undefined = stored;
    for (let attempt = 0; attempt < 2 && current; attempt++) {
      if (await store.write({ ...current.watch, announced: update.before }, current.etag)) {
        logger.info({ channel: 'whatsapp', code }, 'watch update failed on delivery; it is sent again at the next check');
        return;
      }
      current = await store.read(update.watch);
    }
  }
}
