/** Local HTTP simulators of the two tracking interfaces, for tests and the bot's sandbox mode. */
export type { Fault, RecordedRequest, Simulator } from './simulator';
export { MOVING_STEP_MS, startCheckpointsSimulator, type CheckpointsSimulatorOptions } from './checkpoints';
export { startTrackingsSimulator, type TrackingsSimulatorOptions } from './trackings';
export { DEMO, type DemoCatalogue } from './demoData';
export {
  APPROVED_TEMPLATES,
  startGraphApiSimulator,
  SIM_ACCESS_TOKEN,
  SIM_PHONE_NUMBER_ID,
  type GraphApiSimulator,
  type GraphApiSimulatorOptions,
  type SentWhatsApp,
} from './graphApi';
