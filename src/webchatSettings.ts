/** The token endpoint's settings (webchatToken.ts), apart so that src/config loads none of the route's code. */

/** Direct Line's public endpoint; regional ones (https://europe.directline.botframework.com/v3/directline) work alike. */
export const DEFAULT_DIRECTLINE_ENDPOINT = 'https://directline.botframework.com/v3/directline';

/** An IPv6 client is its /64 unless CLIENT_IPV6_PREFIX says otherwise: what one subscriber or host is given. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/** The route's settings, as Config holds them. */
export interface WebchatSettings {
  /** DIRECTLINE_SECRET; without it the route answers 503. */
  secret?: string;
  endpoint: string;
  /** Exact origins (scheme, host, port), as a browser sends `Origin`. */
  allowedOrigins: readonly string[];
  /** Per client; 0: no limit. */
  tokensPerMinute: number;
  /** Proxies in front of the service whose X-Forwarded-For entry is trusted (clientAddress.ts); 0: the socket. */
  trustedProxyHops: number;
  /** CUSTOMER_ID_SECRET: the key of signed-in customers' user ids (customerUserIds.ts); config requires it with customer tokens. */
  customerIdSecret?: string;
  /** Leading bits of an IPv6 address that make one client (clientAddress.ts); unset: 64. */
  ipv6PrefixLength?: number;
}
