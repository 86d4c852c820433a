/** The token endpoint's settings (webchatToken.ts), apart so that config.ts loads none of the route's code. */

/** Direct Line's public endpoint; regional ones (https://europe.directline.botframework.com/v3/directline) work alike. */
export const DEFAULT_DIRECTLINE_ENDPOINT = 'https://directline.botframework.com/v3/directline';

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
}

