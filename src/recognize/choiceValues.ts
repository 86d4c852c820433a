/**
 * The values of the choices the bot offers: what a button, a numbered line or the typed title of a choice
 * stands for. They are kept in conversation state between turns and never shown (each is titled by
 * `choice.<value>` in the customer's language), so whoever offers a choice and whoever acts on it must mean
 * the same word: this is that one vocabulary. The kinds of number (order_number, tracking_number, …) are
 * choice values too; they are LookupKind's own.
 */

/** "Talk to a person": hands the conversation to a person (or, with no hub, gives the case and the help page). */
export const PERSON = 'person';
/** "Talk to the bot": takes the conversation back from a colleague. Words only, never shown as a button. */
export const BOT = 'bot';
/** "Notify me": watches what the last answer found. */
export const NOTIFY = 'notify';
/** "My notifications": lists what is watched, each with a way to stop it. */
export const MY_NOTIFICATIONS = 'my_notifications';
/** "Stop updates": typed, stops every watch; on an update or a line of the list, `stop_watch:<id>` stops that one. */
export const STOP_WATCH = 'stop_watch';
/** "Stop all", under "My notifications": stops every watch of the conversation. */
export const STOP_ALL = 'stop_all';
/** "Your orders": a signed-in customer's newest orders to pick from. */
export const YOUR_ORDERS = 'your_orders';
/** One of those orders, `your_order:<position>`: its position among the customer's orders, never its number. */
const YOUR_ORDER = 'your_order';
/** "Another number", after an answer: a new lookup from the first question. */
export const ANOTHER = 'another';
/** "That's all", after an answer: goodbye. */
export const DONE = 'done';
/** "All of them", after the numbers a message held: every one looked up in one answer. */
export const ALL = 'all';
/** The shop's help page: a link, so never picked, and never kept among the choices a number picks. */
export const HELP_PAGE = 'help_page';

/** What every answer offers next, in this order. */
export const FOLLOW_UPS = [ANOTHER, DONE] as const;

/** The "Stop updates" of one watch. */
export const stopValue = (watchId: string): string => `${STOP_WATCH}:${watchId}`;
/** The watch a choice value stops, or undefined when it is no such value. */
export const stoppedBy = (value: string): string | undefined =>
  value.startsWith(`${STOP_WATCH}:`) ? value.slice(STOP_WATCH.length + 1) : undefined;

/** The choice of a signed-in customer's order at `position` among their orders. */
export const orderValue = (position: number): string => `${YOUR_ORDER}:${position}`;
/** The position a choice value picks among the customer's orders, or undefined when it is no such value. */
export const orderPicked = (value: string): number | undefined =>
  value.startsWith(`${YOUR_ORDER}:`) ? Number(value.slice(YOUR_ORDER.length + 1)) : undefined;
