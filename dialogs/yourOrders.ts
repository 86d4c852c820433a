/**
 * "Your orders": what a signed-in customer is offered of their own orders (the store's claims, kept for
 * the turn's customer), and what anyone else who asks for their orders is told. A list shows the newest
 * few as buttons that look each up as data, in the turn they are pressed; on a channel that lists choices
 * as numbered lines, the number picks by position among the orders the turn's customer has.
 */
import type { TurnContext } from '../src/bot/botbuilder';
import { customerOf } from '../src/bot/turnCustomer';
import { channelProfile, type Choice } from '../src/channels';
import { lookupableOrders, NEWEST_ORDERS, type OfferedOrder } from '../src/customers/ownedOrders';
import type { Store, OfferedChoice } from '../src/recognize';
import type { LookupRequest } from '../src/tracking/lookup';
import type { TurnLanguage } from '../src/bot/turnLanguage';
import { orderPicked, orderValue, YOUR_ORDERS } from '../src/recognize/choiceValues';
import type { Understanding } from '../src/recognize/understanding';

/** What to say when orders are asked for: the list of them, or a line when there is none to show. */
export type OrdersReply = { list: true; text: string; choices: Choice[] } | { list: false; text: string };

export class YourOrders {
  constructor(
    private readonly understanding: Understanding,
    /** The stores by name (TRACKINGS_STORES): a store's order is titled by its store. */
    private readonly stores: readonly Store[] = [],
  ) {}

  /** "Your orders", for a signed-in customer with orders to show; nothing for anyone else. */
  choices(context: TurnContext, t: TurnLanguage['t']): Array<Choice & OfferedChoice> {
    return this.orders(context).length ? [this.understanding.choice(YOUR_ORDERS, t)] : [];
  }

  /**
   * The customer's newest orders, each a button (saying when there are more), or why there are none to show:
   * the store has none for them, or they are not signed in (on a channel where nobody can be, they are told where).
   */
  reply(context: TurnContext, t: TurnLanguage['t']): OrdersReply {
    if (!customerOf(context))
      return {
        list: false,
        text: t(channelProfile(context.activity.channelId).signsIn ? 'orders.sign_in' : 'orders.not_here'),
      };
    const orders = this.orders(context);
    if (!orders.length) return { list: false, text: t('orders.none') };
    return {
      list: true,
      text: orders.length > NEWEST_ORDERS ? t('orders.newest', { newest: NEWEST_ORDERS }) : t('orders.pick'),
      choices: this.orderChoices(orders).slice(0, NEWEST_ORDERS),
    };
  }

  /**
   * Every order of the turn's customer as a choice: the newest are picked by their number as listed, and
   * any of them by its title (an older one typed after "For any other, just type its number" is hers).
   */
  pickable(context: TurnContext): Array<Choice & OfferedChoice> {
    return this.orderChoices(this.orders(context));
  }

  /** The lookup a picked choice's value stands for; undefined for any other value, and for anyone not signed in. */
  picked(context: TurnContext, value: string): LookupRequest | undefined {
    const position = orderPicked(value);
    return position === undefined ? undefined : this.orders(context)[position]?.request;
  }

  private orderChoices(orders: readonly OfferedOrder[]): Array<Choice & OfferedChoice> {
    return orders.map(({ title, data }, index) => ({ value: orderValue(index), title, data }));
  }

  private orders(context: TurnContext): OfferedOrder[] {
    const customer = customerOf(context);
    return customer ? lookupableOrders(customer, this.understanding.kinds, this.stores) : [];
  }
}
