/**
 * botframework-connector's ConnectorClient retries on its own: its @azure/core-rest-pipeline pipeline
 * carries `defaultRetryPolicy` (3 more attempts after a 5xx, a 429 or a connection error, waiting
 * exponentially or as Retry-After says). For a watch's update that multiplied every send under a channel
 * already saying "slow down" (4 attempts per update, each check), and hid the 429 from the watch
 * scheduler, whose own back-off is meant to be the one retry. `withoutOwnRetries` takes the policy out
 * of one turn's connector client (a new one is made for every proactive turn), so that turn's sends are
 * made once and their failure, Retry-After included, reaches the caller.
 */
import { ConnectorClient, type TurnContext } from './botbuilder';

/** The name core-rest-pipeline gives the policy (`defaultRetryPolicyName`). */
const CONNECTOR_RETRY_POLICY = 'defaultRetryPolicy';

interface PipelineLike {
  removePolicy(options: { name?: string; phase?: string }): unknown[];
}

/**
 * Takes the retry policies out of the connector client of this turn. Returns false when the client is
 * not shaped as botframework-connector 4.23 builds it; checkConnectorRetries() says so at start-up.
 */
export function withoutOwnRetries(context: TurnContext): boolean {
  const adapter = context.adapter as { ConnectorClientKey?: symbol };
  if (!adapter.ConnectorClientKey) return false;
  return removeOwnRetries(context.turnState.get(adapter.ConnectorClientKey));
}

function removeOwnRetries(connector: unknown): boolean {
  // ServiceClientContext keeps its core-client ServiceClient in a field the typings call private.
  const pipeline = (connector as { client?: { pipeline?: Partial<PipelineLike> } } | undefined)?.client?.pipeline;
  if (typeof pipeline?.removePolicy !== 'function') return false;
  // By name, and whatever else sits in the Retry phase (a throttling or system-error policy of a later version).
  const removed = [
    ...pipeline.removePolicy({ name: CONNECTOR_RETRY_POLICY }),
    ...pipeline.removePolicy({ phase: 'Retry' }),
  ];
  return removed.length > 0;
}

/**
 * The start-up self-check: a connector client built as the adapter builds one (nothing is sent) must give up
 * its retry policy. Throws, naming the package, when an upgrade moved it.
 */
export function checkConnectorRetries(): void {
  const client = new ConnectorClient(
    { signRequest: (request) => Promise.resolve(request) },
    { baseUri: 'https://localhost' },
  );
  if (!removeOwnRetries(client)) {
    throw new Error(
      "botframework-connector's ConnectorClient no longer keeps its retry policy where src/bot/connectorRetries.ts takes it out: a Notify me update could be sent several times per check",
    );
  }
}
