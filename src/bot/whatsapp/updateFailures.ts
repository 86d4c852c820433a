/**
 * A `failed` status callback on a message that carried a Notify me update: WhatsApp took the send, then could not
 * deliver it. Handled as a failed send (refusals.ts), once however often Meta tells it (sentUpdates.ts):
 * - the window (131047): the customer's window is marked closed, and the update is sent again soon, as the
 *   template; without a template nothing can reach them, and their watches end;
 * - undeliverable (131026): every watch of the conversation ends;
 * - a rate limit, or anything else: the update is sent again soon.
 * "Sent again" puts back what the watch had announced before the update and checks it again after a short pause
 * (redelivery.ts), so the check finds the change again and sends it through the usual claim and record: once, with
 * whatever is newest by then; not when a newer update went since (it showed the newest; if it failed too, its own
 * report sends it again). The last update finds its watch ended: the watch kept with the update comes back for it,
 * and ends again once it is sent.
 */
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import type { Redelivery, WatchStore } from '../../watch';
import { refusalOf } from '../../channels/whatsapp/refusals';
import type { SentUpdates } from './sentUpdates';
import { customerOfWatch } from './whatsAppAnnouncer';
import type { WhatsAppContacts } from './whatsAppContacts';

export interface UpdateFailureParts {
  sentUpdates: SentUpdates;
  store: WatchStore;
  redelivery: Redelivery;
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
    const watch = (await store.read(update.watch))?.watch ?? update.ended;
    if (!watch) return;
    const customer = customerOfWatch(watch);
    const refusal = refusalOf(code);
    if (refusal === 'window') await contacts.refused(customer, clock.now());
    if (refusal === 'undeliverable' || (refusal === 'window' && !this.parts.template)) {
      const all = await store.ofConversation(watch.conversation);
      await Promise.all([watch, ...all].map((each) => store.remove(each.id)));
      logger.info({ channel: 'whatsapp', code }, 'watch ended: WhatsApp could not deliver its update');
      return;
    }
    // An ended watch comes back only for someone the channel still keeps a number for.
    if (watch === update.ended && !(await contacts.of(customer))) return;
    if (await this.parts.redelivery.again(update))
      logger.info({ channel: 'whatsapp', code }, 'watch update failed on delivery; it is sent again shortly');
  }
}
