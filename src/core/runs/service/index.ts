export { createConnectionManager, type ConnectionManager } from './connection';
export { SHUTDOWN_GRACE_MS, createRunService, type RunService } from './run-service';
export { detectServiceProfile, type DetectProfileDeps } from './detect-profile';
