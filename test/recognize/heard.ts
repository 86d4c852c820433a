/** What the bot understood, in the words of the test tables: "tracking number 1Z… (UPS)", "nothing". */
import type { Recognition } from '../../src/recognize';
import type { LookupKind, LookupRequest } from '../../src/tracking/lookup';

/** A deployment with both interfaces. */
export const ALL: readonly LookupKind[] = ['order_number', 'tracking_number', 'order_id', 'external_order'];

export function heard(recognition: Recognition): string {
  switch (recognition.type) {
    case 'none':
      return 'nothing';
    case 'match':
      return label(recognition.request) + (recognition.carrier ? ` (${recognition.carrier})` : '');
    case 'ambiguous':
      return `${recognition.identifier}: ${recognition.kinds.map(name).join(' or ')}?`;
    case 'several':
      return recognition.candidates.map((c) => label(c.request)).join(' + ');
    case 'unclear_order_number':
      return `${recognition.typed}: which order number?`;
  }
}

const name = (kind: LookupKind) => kind.replace('_', ' ');
const label = (request: LookupRequest) => `${name(request.kind)} ${request.identifier}`;
