/**
 * Three places lean on botbuilder's internals (a private field or the shape of a private object), which a
 * patch release may change without a word. Each is tried here before the service takes a message, so a changed
 * library stops the start with a message naming it, rather than misbehaving quietly under customers.
 */
import { checkConnectorRetries } from './connectorRetries';
import { checkSavedState } from './savedState';
import { checkRespondedReset } from './turnTransaction';

export async function checkLibraryInternals(): Promise<void> {
  checkRespondedReset();
  checkConnectorRetries();
  await checkSavedState();
}
