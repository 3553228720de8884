// Loaded on demand by the CLI: names only what its callers use, so the bundle's chunk for it holds
// no more of the room (docs/internals/architecture.md, "Start-up of the CLI").
export { createRunner, KeyFileError, keyFileStore } from '../../core/team';
