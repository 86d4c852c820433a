/**
 * Who may call /api/messages: botbuilder's validation of the channel's token, with three changes.
 * - Every refusal is the same 401 "Unauthorized". botbuilder answers 401 only for its own error type and
 *   lets jsonwebtoken's through as a 500 naming the failed check (bad signature, wrong algorithm, not
 *   yet valid), which alerts on-call for a forged token and tells the forger what to fix. The reason goes
 *   to our log instead.
 * - A token must say when it expires (exp), and a refusal is logged once, by us, at a bounded size.
 * - Pointing one endpoint elsewhere keeps the public cloud's values for the rest: botbuilder would
 *   otherwise take every value from the overrides and leave the others undefined.
 */
import {
  AuthenticationConstants,
  AuthenticationError,
  CallerIdConstants,
  ConfigurationBotFrameworkAuthentication,
  StatusCodes,
  type Activity,
  type AuthenticateRequestResult,
  type ConfigurationBotFrameworkAuthenticationOptions,
} from './botbuilder';
import { withoutLibraryOutput } from '../log';
import type { Logger } from '../runtime/logger';

/** Where inbound tokens are checked: Bot Framework's public endpoints unless overridden (tests serve their own keys). */
export type AuthEndpoints = Pick<
  ConfigurationBotFrameworkAuthenticationOptions,
  'ToBotFromChannelOpenIdMetadataUrl' | 'ToBotFromChannelTokenIssuer' | 'ToBotFromEmulatorOpenIdMetadataUrl'
>;

const PUBLIC_CLOUD: ConfigurationBotFrameworkAuthenticationOptions = {
  ValidateAuthority: true,
  ToChannelFromBotLoginUrl: AuthenticationConstants.ToChannelFromBotLoginUrl,
  ToChannelFromBotOAuthScope: AuthenticationConstants.ToChannelFromBotOAuthScope,
  ToBotFromChannelTokenIssuer: AuthenticationConstants.ToBotFromChannelTokenIssuer,
  OAuthUrl: AuthenticationConstants.OAuthUrl,
  ToBotFromChannelOpenIdMetadataUrl: AuthenticationConstants.ToBotFromChannelOpenIdMetadataUrl,
  ToBotFromEmulatorOpenIdMetadataUrl: AuthenticationConstants.ToBotFromEmulatorOpenIdMetadataUrl,
  CallerId: CallerIdConstants.PublicAzureChannel,
};

/** The Azure Bot's identity (MicrosoftAppType, MicrosoftAppId, MicrosoftAppPassword, MicrosoftAppTenantId); without appId, inbound auth is off. */
export interface BotIdentity {
  appType?: string;
  appId?: string;
  appPassword?: string;
  tenantId?: string;
}

export class InboundAuthentication extends ConfigurationBotFrameworkAuthentication {
  constructor(
    identity: BotIdentity,
    private readonly logger: Logger,
    endpoints: AuthEndpoints = {},
  ) {
    const overridden = Object.values(endpoints).some((value) => value !== undefined);
    super({
      ...(overridden && PUBLIC_CLOUD),
      ...endpoints,
      MicrosoftAppId: identity.appId,
      MicrosoftAppPassword: identity.appPassword,
      MicrosoftAppType: identity.appType,
      MicrosoftAppTenantId: identity.tenantId,
    });
  }

  override async authenticateRequest(activity: Activity, authHeader: string): Promise<AuthenticateRequestResult> {
    try {
      // botframework-connector prints its own account of some refusals; ours, below, is the one that is kept.
      const result = await withoutLibraryOutput(() => super.authenticateRequest(activity, authHeader));
      // jsonwebtoken takes a token without exp as valid forever; the Bot Framework's always carry one.
      const claims = result.claimsIdentity.claims;
      if (authHeader.trim() && claims.length && !claims.some((claim) => claim.type === 'exp')) {
        throw new AuthenticationError('Unauthorized. The token has no expiry (exp).', StatusCodes.UNAUTHORIZED);
      }
      return result;
    } catch (error) {
      this.logger.warn(
        { channel: activity.channelId, reason: error instanceof Error ? error.message : String(error) },
        'inbound request refused',
      );
      throw new AuthenticationError('Unauthorized', StatusCodes.UNAUTHORIZED);
    }
  }
}
