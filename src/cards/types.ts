/** The shapes cards are rendered into: plain objects, so that this folder needs no botbuilder. */
import type { Translate } from '../i18n';

export interface CardContext {
  /** Already fixed to the user's language. */
  t: Translate;
  /** Full BCP 47 locale for Intl formatting, e.g. `de-CH`. */
  locale: string;
  /** IANA zone, e.g. `Europe/Berlin`; an invalid one falls back to UTC. */
  timeZone: string;
  /** Whether `timeZone` is the customer's own (their client sent it); when not, every time names its zone. */
  customerTimeZone?: boolean;
  /** The time now (ms) and how many quiet days make a shipment stale: without them, no stale or stuck verdict. */
  now?: number;
  staleAfterDays?: number;
  /** Bot Framework channelId: `msteams`, `webchat`, `sms`, ... */
  channel: string;
  /**
   * The customer is signed in on the store's site. A masked shipment is then someone else's order (theirs
   * would be whole), so it says so instead of asking them to sign in, which they already are.
   */
  signedIn?: boolean;
}
