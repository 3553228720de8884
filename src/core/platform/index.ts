// The platform every room stands on: settings, the key in the OS keychain and redaction, service
// profiles, the app's coded errors, the event bus to the renderer, a worker thread's script.
export * from './profile';
export * from './secrets';
export * from './settings';
export * from './errors';
export * from './events';
export * from './threads';
