/**
 * Which announcer sends a watch's update: the one for its channel where a channel has its own (WhatsApp, through the
 * Graph API), else the Bot Framework one. The one place that routes by channel, so no dialog or check does.
 */
import type { Announcement } from './announcementWriter';
import type { Announcer, Delivery } from './announcerPort';
import type { Recipient, Watch } from './watchRecord';

export class ChannelAnnouncers implements Announcer {
  constructor(
    private readonly otherwise: Announcer,
    /** By channel id, lowercase. */
    private readonly own: Readonly<Record<string, Announcer>> = {},
  ) {}

  announce(watch: Watch, announcement: Announcement): Promise<Delivery> {
    return this.of(watch).announce(watch, announcement);
  }

  async reachableUntil(recipient: Recipient): Promise<number | undefined> {
    return this.of(recipient).reachableUntil?.(recipient);
  }

  private of(recipient: Recipient): Announcer {
    return this.own[recipient.channel.trim().toLowerCase()] ?? this.otherwise;
  }
}
