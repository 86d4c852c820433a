/**
 * An answer rendered once for a lookup the cache answers again. The cache hands every customer asking
 * about the same parcel within its TTL the very same shipment list (a shared answer, sharedAnswer.ts), so the messages rendered from
 * it are kept with it (a WeakMap: they go when the cache lets the list go) and sent again while nothing
 * that shows in them differs. Rendering is a fifth of a cached lookup turn's CPU.
 *
 * Rendering is pure, and depends on the time only through each shipment's problem (stale since how many
 * days), so the problems are part of the key: an answer that would read differently now is rendered again.
 */
import type { Message } from '../channels';
import { problemOf } from '../nextSteps/problem';
import { isSharedAnswer } from '../tracking/sharedAnswer';
import type { Shipment } from '../tracking/shipment';
import { renderShipments, type AnswerParts } from './render';
import type { CardContext } from './types';
import type { Translate } from '../i18n';

/** Renderings kept per shipment list: its languages × channels × zones in use at once, with room to spare. */
const PER_LIST = 32;

export class RenderedAnswers {
  private readonly kept = new WeakMap<readonly Shipment[], Map<string, readonly Message[]>>();
  /** A number per translator (one per language), for the key. */
  private readonly languages = new WeakMap<Translate, number>();
  private nextLanguage = 0;

  /** The messages renderShipments would return for these arguments. They are frozen: callers copy before they change one. */
  render(shipments: readonly Shipment[], context: CardContext, parts: AnswerParts = {}): readonly Message[] {
    if (!isSharedAnswer(shipments)) return renderShipments(shipments as Shipment[], context, parts);
    let renderings = this.kept.get(shipments);
    if (!renderings) this.kept.set(shipments, (renderings = new Map<string, readonly Message[]>()));
    const key = `${this.languageOf(context.t)}\u0000${keyOf(shipments, context, parts)}`;
    let messages = renderings.get(key);
    if (!messages) {
      if (renderings.size >= PER_LIST) renderings.clear();
      messages = deepFreeze(renderShipments(shipments as Shipment[], context, parts));
      renderings.set(key, messages);
    }
    return messages;
  }

  private languageOf(t: Translate): number {
    let id = this.languages.get(t);
    if (id === undefined) this.languages.set(t, (id = this.nextLanguage++));
    return id;
  }
}

/** Everything a rendering depends on besides the list itself and the language. */
function keyOf(shipments: readonly Shipment[], context: CardContext, parts: AnswerParts): string {
  const problems = shipments.map((shipment) => {
    const problem = problemOf(shipment, context.now ?? Number.NaN, context.staleAfterDays ?? Number.POSITIVE_INFINITY);
    return problem ? `${problem.state}:${problem.days ?? ''}` : '';
  });
  const choices = (parts.choices ?? []).map(
    (choice) => `${choice.value}\u0001${choice.title}\u0001${choice.url ?? ''}`,
  );
  return [
    context.locale,
    context.timeZone,
    context.customerTimeZone ? 1 : 0,
    context.channel,
    context.signedIn ? 1 : 0,
    parts.intro ?? '',
    problems.join(','),
    choices.join('\u0002'),
  ].join('\u0000');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
