/**
 * What a Notify me test runs against, for a whole test file: the interface simulators with the moving demo
 * parcel on a clock the test moves (`parcel.time`), and a channel connector that takes the bot's proactive
 * updates. Started before the file's tests, stopped after.
 */
import { startCheckpointsSimulator, startTrackingsSimulator } from '../../sandbox/simulators';
import { startConnector, type Connector } from './channel';
import { API_KEY, CREDENTIALS, type Upstreams } from './upstreams';

export interface MovingParcelWorld extends Upstreams {
  connector: Connector;
  /** Where the parcel is: the time the checkpoints simulator dates its steps by. */
  parcel: { time: number };
}

export function useMovingParcel(
  start: number,
  connector: Parameters<typeof startConnector>[0] = {},
): MovingParcelWorld {
  const world = { parcel: { time: start } } as MovingParcelWorld;
  beforeAll(async () => {
    [world.checkpoints, world.trackings, world.connector] = await Promise.all([
      startCheckpointsSimulator({ userId: CREDENTIALS.userId, token: CREDENTIALS.token, now: () => world.parcel.time }),
      startTrackingsSimulator({ apiKey: API_KEY }),
      startConnector(connector),
    ]);
  });
  afterAll(() => Promise.all([world.checkpoints?.close(), world.trackings?.close(), world.connector?.close()]));
  return world;
}
