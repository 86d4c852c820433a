/** The adaptivecards library's own parser and validator, as a test oracle. */
import type * as AC from 'adaptivecards';

// `adaptivecards/lib` is ES modules, which jest does not transform; `dist/` is the same library as a UMD bundle.
// Parsing and validation need no DOM (only rendering does).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the UMD bundle has no typed module of its own: typed as the package's ES modules
const AdaptiveCards = require('adaptivecards/dist/adaptivecards.js') as typeof AC;

/** Every parse and validation event for a card JSON, empty when the card is valid for version 1.5. */
export function cardProblems(json: unknown): string[] {
  const card = new AdaptiveCards.AdaptiveCard();
  const context = new AdaptiveCards.SerializationContext(AdaptiveCards.Versions.v1_5);
  card.parse(json, context);
  const problems: string[] = [];
  for (let index = 0; index < context.eventCount; index++) problems.push(`parse: ${context.getEventAt(index).message}`);
  for (const event of card.validateProperties().validationEvents) problems.push(`validate: ${event.message}`);
  if (card.version.toString() !== '1.5') problems.push(`version ${card.version.toString()}`);
  return problems;
}

export { AdaptiveCards };
