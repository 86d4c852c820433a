/** What the Web Chat token routes answer the page when they say yes, as the tests read it (the route writes them inline). */
import type { DirectLineToken } from '../../src/http/directLineTokens';

/** The renewal a conversation carries: the ticket, and for how many seconds more it renews. */
interface Renewable {
  renewal: string;
  renewableFor: number;
}

/** POST /api/webchat/token: a token for one conversation and one user. */
export interface GivenToken extends DirectLineToken, Renewable {
  userId: string;
}

/** POST /api/webchat/renewal: a new token for the same conversation. */
export interface RenewedToken extends Omit<DirectLineToken, 'conversationId'>, Renewable {}

/** POST /api/webchat/customer: the customer's id, and the renewal only when the conversation is theirs. */
export interface RenewedCustomer extends Partial<Renewable> {
  userId: string;
}
