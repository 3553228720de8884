export * from './schema';
export * from './neutral';
export * from './parse';
export * from './lookup';
export * from './labels';
