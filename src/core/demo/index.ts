// The labelled synthetic demo history: built through the real run engine against the
// in-process sandbox over the past N days, listed, and deleted in one transaction.
export { buildDemoHistory, DemoRefusedError, type BuildDemoOptions, type DemoProgress } from './build';
export { demoStatus, deleteDemo } from './status';
export { DEMO_META_KEY, readDemoRecord, type DemoRecord } from './record';
export {
  DEMO_COUNTRIES,
  DEMO_ENGINES,
  DEMO_MONITORS,
  DEMO_REPEATS,
  DEMO_SHAPES,
  DEMO_STATES,
  DEMO_TAG,
  demoBrands,
  type DemoVariant,
} from './plan';
export { createDemoClock, demoDays } from './clock';
export { demoFactSheet } from './facts';
export { demoEventsBetween, type DemoEvent, type DemoEventKind } from './events';
