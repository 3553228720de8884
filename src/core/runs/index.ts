export * from './api';
export * from './archive';
export * from './engine';
export { createCreditsVerifier, type CreditsVerifierOptions } from './api/credits-verifier';
export { defaultOwnerProbe, resumabilityOf, type Resumability } from './engine/run-owner';
export { blockedLine } from './engine/store-hold';
export { createConnectionManager, type ConnectionManager } from './service/connection';
export { SHUTDOWN_GRACE_MS, createRunService, type RunService } from './service/run-service';
