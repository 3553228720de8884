// Asking the service: its client, the run engine and monitors, the archive of the pages answers
// link to, and the connection (service or sandbox) with the run service over it.
export * from './api';
export * from './archive';
export * from './engine';
export * from './service';
