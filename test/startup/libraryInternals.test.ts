/**
 * Three parts of the bot lean on botbuilder's internals (turnTransaction.ts, savedState.ts, connectorRetries.ts).
 * A release that moves one must stop the start with a message naming it, before a customer's turn runs on it.
 */
import { join } from 'node:path';
import { ConnectorClient, TurnContext } from '../../src/bot/botbuilder';
import { checkConnectorRetries } from '../../src/bot/connectorRetries';
import { checkLibraryInternals } from '../../src/bot/libraryInternals';
import { checkSavedState, SavedConversationState } from '../../src/bot/savedState';
import { checkRespondedReset } from '../../src/bot/turnTransaction';
import { startService, stopAllServices } from '../support/serviceProcess';

jest.setTimeout(30_000);
afterAll(() => stopAllServices());

test('the installed botbuilder packages pass every self-check', async () => {
  await expect(checkLibraryInternals()).resolves.toBeUndefined();
});

describe('each check fails when its internal is gone', () => {
  afterEach(() => jest.restoreAllMocks());

  test('TurnContext keeps `responded` elsewhere: the turn cannot be run again as it first ran', () => {
    jest.spyOn(TurnContext.prototype, 'responded', 'get').mockReturnValue(true);
    expect(() => checkRespondedReset()).toThrow(/botbuilder-core's TurnContext/);
  });

  test('BotState keeps its turn state under another field', async () => {
    // What load keeps is no longer where BotState.get reads it.
    jest.spyOn(SavedConversationState.prototype, 'get').mockReturnValue(undefined);
    await expect(checkSavedState()).rejects.toThrow(/botbuilder-core's BotState/);
  });

  test("the connector client's pipeline has no retry policy to take out", () => {
    const removePolicy = jest.fn(() => []);
    const client = new ConnectorClient(
      { signRequest: (request) => Promise.resolve(request) },
      { baseUri: 'https://localhost' },
    ) as unknown as { client: { pipeline: { removePolicy: unknown } } };
    // Every client the check builds has a pipeline that removes nothing.
    jest
      .spyOn(Object.getPrototypeOf(client.client.pipeline) as { removePolicy: () => unknown[] }, 'removePolicy')
      .mockImplementation(removePolicy);
    expect(() => checkConnectorRetries()).toThrow(/botframework-connector's ConnectorClient/);
    expect(removePolicy).toHaveBeenCalled();
  });
});

test('the service refuses to start on a botbuilder whose internals moved, and says which', async () => {
  const preload = join(__dirname, '../support/brokenLibraries/turnContextResponded.js');
  const service = await startService(
    { CHECKPOINTS_BASE_URL: '', TRACKINGS_BASE_URL: '', MicrosoftAppId: '', NODE_ENV: 'development' },
    { expectExit: true, command: [process.execPath, '--require', preload, 'dist/src/index.js'] },
  );
  expect(await service.exited).toBe(1);
  expect(service.output()).toContain("botbuilder-core's TurnContext no longer keeps `responded`");
  expect(service.output()).not.toContain('order-tracking bot listening');
});
