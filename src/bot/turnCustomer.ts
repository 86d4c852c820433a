/**
 * Who the turn's customer is, decided once at the edge: a customer the store signed in (their claims,
 * kept for their Direct Line user id until the token expires), or nobody in particular. Only a Direct
 * Line activity from a `dl_` id can be signed in (channels/profile.ts: `signsIn`); everything else is a visitor.
 */
import type { TurnContext } from './botbuilder';
import { channelProfile } from '../channels';
import type { CustomerDirectory, SignedInCustomer } from '../customers/customer';

const KEY = Symbol('signedInCustomer');
/** Direct Line reserves this prefix for user ids a token binds (enhanced authentication). */
const BOUND_USER_ID = /^dl_[A-Za-z0-9_-]{8,120}$/;

/** Looks the turn's customer up once; a turn from anyone who cannot be signed in costs no storage read. */
export async function resolveCustomer(context: TurnContext, directory: CustomerDirectory | undefined): Promise<void> {
  const { activity } = context;
  const userId = activity.from?.id;
  if (
    !directory ||
    activity.from?.role === 'bot' ||
    !channelProfile(activity.channelId).signsIn ||
    typeof userId !== 'string' ||
    !BOUND_USER_ID.test(userId)
  )
    return;
  const customer = await directory.find(userId);
  if (customer) context.turnState.set(KEY, customer);
}

/** The turn's signed-in customer; undefined for a visitor, and on every channel but Direct Line. */
export function customerOf(context: TurnContext): SignedInCustomer | undefined {
  return context.turnState.get<SignedInCustomer | undefined>(KEY);
}
