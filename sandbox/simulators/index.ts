/** Local HTTP simulators of the two tracking interfaces, for tests and the bot's sandbox mode. */
export type { Fault, Simulator } from './simulator';
export { MOVING_STEP_MS, startCheckpointsSimulator } from './checkpoints';
export { startTrackingsSimulator } from './trackings';
export { DEMO } from './demoData';
export {
  APPROVED_TEMPLATES,
  startGraphApiSimulator,
  SIM_ACCESS_TOKEN,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
} from './graphApi';
