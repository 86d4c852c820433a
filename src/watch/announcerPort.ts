/** Sends an update into its conversation: the bot's edge implements it (botbuilder stays out of the core). */
import type { Announcement } from './announcementWriter';
import type { Recipient, Watch } from './watchRecord';

export type Delivery =
  | { outcome: 'sent' }
  /** The conversation will take no more messages: the bot was blocked or uninstalled (Teams 403), or the conversation is gone. */
  | { outcome: 'gone' }
  /** The channel asked to wait (429, Retry-After) or failed for now: try this update again after `afterMs`. */
  | { outcome: 'later'; afterMs: number };

export interface Announcer {
  announce(watch: Watch, announcement: Announcement): Promise<Delivery>;
  /**
   * Until when the channel can reach this recipient at all, read afresh at each check: a watch's last message goes
   * by then, and it ends there (WhatsApp without a template: 24 hours after the customer's last message, less a
   * margin). Undefined, or no such method: as long as the watch runs.
   */
  reachableUntil?(recipient: Recipient): Promise<number | undefined>;
}
