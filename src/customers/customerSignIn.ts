/**
 * Signing a customer in from the store's token: check it, name the customer's Direct Line user id
 * (a keyed hash of `sub`), and keep their claims for that id until the token expires. Whoever sends a
 * valid token can only renew the claims of the customer it was signed for: the id comes from the
 * verified `sub` alone, never from the request.
 */
import type { Clock } from '../runtime/clock';
import type { CustomerDirectory, SignedInCustomer } from './customer';
import type { CustomerTokenSettings, CustomerTokenVerifier } from './customerToken';
import { CustomerUserIds } from './customerUserIds';

export class CustomerSignIn {
  constructor(
    private readonly verifier: CustomerTokenVerifier,
    private readonly userIds: CustomerUserIds,
    private readonly directory: CustomerDirectory,
  ) {}

  /** The signed-in customer, kept; a CustomerTokenRefused for a token that does not pass. */
  async signIn(token: string): Promise<SignedInCustomer> {
    const { subject, name, locale, orders, expiresAt } = await this.verifier.verify(token);
    const customer: SignedInCustomer = { userId: this.userIds.of(subject), name, locale, orders, expiresAt };
    await this.directory.keep(customer);
    return customer;
  }
}

/**
 * The sign-in for these settings. The JWT library is loaded here, only where customer tokens are set up:
 * it costs a start tens of milliseconds that a deployment without signed-in customers never pays.
 */
export function createCustomerSignIn(
  settings: CustomerTokenSettings,
  customerIdSecret: string,
  directory: CustomerDirectory,
  clock: Clock,
): CustomerSignIn {
  return new CustomerSignIn(
    createCustomerTokenVerifier(settings, clock),
    new CustomerUserIds(customerIdSecret),
    directory,
  );
}

/** The token check alone, loaded the same way: what an AI agent's tool call checks its customer_token with (nothing kept). */
export function createCustomerTokenVerifier(settings: CustomerTokenSettings, clock: Clock): CustomerTokenVerifier {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand (jose is only needed with customer tokens); the factory stays synchronous
  const { CustomerTokenVerifier: Verifier } = require('./customerToken') as typeof import('./customerToken');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand (jose is only needed with customer tokens); the factory stays synchronous
  const { StoreKeys } = require('./storeKeys') as typeof import('./storeKeys');
  return new Verifier(settings, clock, 'jwksUrl' in settings ? new StoreKeys(settings.jwksUrl, clock) : undefined);
}
