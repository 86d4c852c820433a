/**
 * The case in words, short enough for an SMS, for the customer to copy or forward and for an agent to
 * read at a glance: each number looked up, then its shipments as list items ("- UPS, tracking number
 * 1Z…: In transit"). Plain text: every channel shows it, a Markdown channel shows the items as a list.
 * Its own separators (colons, hyphens, line breaks) are in the SMS alphabet: a dash or a dot would make
 * the whole message UCS-2, at 70 characters a segment.
 */
import type { Translate } from '../i18n';
import type { CaseLookup, CaseShipment, HandoffCase } from './case';

/** More shipments than this end in "…and N more": the whole answer stays within one SMS gateway message. */
const MAX_SUMMARY_SHIPMENTS = 8;

/** The case as text, the numbers tried that found nothing last; empty when nothing was looked up or tried. */
function caseText(handoffCase: HandoffCase, t: Translate): string {
  let room = MAX_SUMMARY_SHIPMENTS;
  const blocks: string[] = [];
  let left = 0;
  for (const lookup of handoffCase.lookups) {
    const shown = lookup.shipments.slice(0, Math.max(0, room));
    left += lookup.shipments.length - shown.length;
    if (!shown.length && lookup.shipments.length) continue;
    room -= shown.length;
    const name = lookupName(lookup, t);
    blocks.push(
      [
        shown.length ? t('handoff.heading', { lookup: name }) : name,
        ...shown.map((shipment) => `- ${shipmentLine(shipment, lookup, t)}`),
      ].join('\n'),
    );
  }
  if (left) blocks.push(t('handoff.more_lines', { count: left }));
  if (handoffCase.tried?.length) blocks.push(t('handoff.tried', { numbers: handoffCase.tried.join(', ') }));
  return blocks.join('\n\n');
}

export interface HandoffReplyParts {
  /** What is said first ("I can't put you through…", "Sorry, nobody is free…"). */
  lead: string;
  /** Where to go: the help page's sentence, or what to do without one. */
  where?: string;
  handoffCase: HandoffCase;
  t: Translate;
}

/**
 * The answer that sends the customer on by themselves: the lead, where to go, and the case to forward
 * (or, when nothing was looked up, what to give customer service).
 */
export function handoffReply({ lead, where, handoffCase, t }: HandoffReplyParts): string {
  const summary = caseText(handoffCase, t);
  const first = [lead, where, summary ? undefined : t('handoff.no_case')].filter(Boolean).join(' ');
  return summary ? `${first}\n\n${t('handoff.summary')}\n\n${summary}` : first;
}

/** For the agent: that the customer asked for a person, in which language, whether they are signed in, and the case. */
export function agentSummary(handoffCase: HandoffCase, t: Translate): string {
  const summary = caseText(handoffCase, t);
  const signedIn = t(handoffCase.signedIn ? 'handoff.agent_signed_in' : 'handoff.agent_not_signed_in');
  // First: whether the store vouches for who they are decides what an agent may discuss with them.
  return [
    signedIn,
    t('handoff.agent_summary', { language: handoffCase.locale }),
    summary || t('handoff.nothing_looked_up'),
  ].join('\n\n');
}

function lookupName(lookup: CaseLookup, t: Translate): string {
  const named = `${t(`choice.${lookup.kind}`)} ${lookup.identifier}`;
  return lookup.storeId ? `${named} (${lookup.storeId})` : named;
}

function shipmentLine(shipment: CaseShipment, lookup: CaseLookup, t: Translate): string {
  if (shipment.withheld) return shipment.statusText;
  const carrier = shipment.carrier ?? t('card.carrier_unknown');
  const status = shipment.statusText;
  // A tracking number looked up is named once.
  const number =
    shipment.trackingNumber && compact(shipment.trackingNumber) !== compact(lookup.identifier)
      ? shipment.trackingNumber
      : undefined;
  return number ? t('card.summary_with_number', { carrier, number, status }) : t('card.summary', { carrier, status });
}

function compact(identifier: string): string {
  return identifier.replace(/\s+/g, '').toUpperCase();
}
