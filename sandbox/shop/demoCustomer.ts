/**
 * The demo shop's signed-in customer, Alex Morgan, and their customer token, signed by the shop's server
 * exactly as a store's server signs one (README, "Signed-in customers"): HS256 with the shared secret, for
 * 30 minutes, their name, the page's language and their three orders as order numbers.
 */
import { SignJWT } from 'jose';
import type { CustomerTokenSettings } from '../../src/customers/customerToken';
import { DEMO } from '../simulators';

/**
 * The sandbox's CUSTOMER_TOKEN_SECRET, unless the operator set customer tokens of their own: public, like
 * the local channel's Direct Line secret, it signs customers in to this machine's sandbox only.
 */
export const SANDBOX_CUSTOMER_TOKEN_SECRET = 'sandbox-demo-customer-token-secret-not-for-production';

/** The store's id of the demo customer: their `sub`. */
const SUBJECT = 'northwind-customer-4711';
export const DEMO_CUSTOMER = {
  name: 'Alex Morgan',
  orders: [DEMO.checkpoints.delivered, DEMO.checkpoints.inTransitMultiShipment, DEMO.checkpoints.delayed],
};
const LIFE_SECONDS = 30 * 60;

/** Only settings with a shared secret can be signed for here; a key set's private key is the store's. */
export type SharedSecretSettings = Extract<CustomerTokenSettings, { algorithm: 'HS256' }>;

export function signDemoCustomerToken(
  settings: SharedSecretSettings,
  locale: string,
  nowMs = Date.now(),
): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  const token = new SignJWT({
    name: DEMO_CUSTOMER.name,
    locale,
    orders: DEMO_CUSTOMER.orders.map((identifier) => ({ input_type: 'order_number', identifier })),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(SUBJECT)
    .setAudience(settings.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + LIFE_SECONDS);
  if (settings.issuer) token.setIssuer(settings.issuer);
  return token.sign(new TextEncoder().encode(settings.secret));
}
