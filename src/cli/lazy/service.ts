// Loaded on demand by the CLI: names only what its callers use, so the bundle's chunk for it holds
// no more of the room (docs/internals/architecture.md, "Start-up of the CLI").
export {
  createApiClient,
  createMonitorScheduler,
  createRunEngine,
  detectServiceProfile,
  MonitorInputError,
} from '../../core/runs';
