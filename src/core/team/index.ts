export * from './runner';
export * from './server';
export * from './sync';
export * from './sync/read-ahead-thread';
export * from './workspaces';
export {
  startReadAhead,
  type ReadAheadRequest,
  type ReadAheadStream,
  type ReadAheadWorkerData,
} from './sync/read-ahead';
