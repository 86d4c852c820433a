/**
 * Dynamics 365 Omnichannel for Customer Service: how a bot hands its conversation to a human agent.
 * Source: Microsoft Learn, "Configure Azure bots to escalate and end conversations"
 * (https://learn.microsoft.com/dynamics365/customer-service/develop/bot-escalate-end-conversation), whose
 * sample OmnichannelBotClient does exactly this:
 * - escalation: a message whose `channelData.tags` is the JSON text `{"type": "Escalate", "context": {…}}`,
 *   `context` being workstream context variables (name → value) that the routing rules read; the message's
 *   text is the escalation summary, which only the agent sees;
 * - every message meant for the customer carries `channelData.deliveryMode: "bridged"` (BridgeBotMessage).
 * Omnichannel shows the agent the conversation's transcript itself.
 */
import type { HandoffCase } from './case';

export const BRIDGED_DELIVERY_MODE = 'bridged';

/** The context variables the escalation sets. Create them (type Text) in the workstream to route on them. */
const OMNICHANNEL_CONTEXT_VARIABLES = {
  language: 'OrderTrackingLanguage',
  numbers: 'OrderTrackingNumbers',
  statuses: 'OrderTrackingStatuses',
  problems: 'OrderTrackingProblems',
} as const;

/** Characters kept of one context variable's value. */
const MAX_VALUE = 500;

/** `channelData.tags` of the escalation message. */
export function escalationTags(handoffCase: HandoffCase): string {
  return JSON.stringify({ type: 'Escalate', context: escalationContext(handoffCase) });
}

/** The case as context variables: plain text, comma-separated, so a routing rule can test them ("contains lost"). */
function escalationContext(handoffCase: HandoffCase): Record<string, string> {
  const shipments = handoffCase.lookups.flatMap((lookup) => lookup.shipments);
  const list = (values: Array<string | undefined>) =>
    [...new Set(values.filter((value): value is string => !!value))].join(', ').slice(0, MAX_VALUE);
  const names = OMNICHANNEL_CONTEXT_VARIABLES;
  return {
    [names.language]: handoffCase.language,
    [names.numbers]: list(
      handoffCase.lookups.flatMap((lookup) => [
        lookup.identifier,
        ...lookup.shipments.map((shipment) => shipment.trackingNumber),
      ]),
    ),
    [names.statuses]: list(shipments.map((shipment) => shipment.status)),
    [names.problems]: list(shipments.map((shipment) => shipment.problem)),
  };
}
