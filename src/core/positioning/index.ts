export * from './judges';
export * from './positioning';
