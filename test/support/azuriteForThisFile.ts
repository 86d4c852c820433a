import { startAzurite, type Azurite } from './azurite';

/** Azurite for the test file that calls this at its top: started before its first test, stopped after its last. */
export function azuriteForThisFile(): () => Azurite {
  let azurite: Azurite | undefined;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(async () => {
    await azurite?.stop();
  });
  return () => azurite!;
}
