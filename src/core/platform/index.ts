export * from './profile';
export * from './secrets';
export * from './settings';
export * from './errors';
export * from './events';
export * from './threads';
