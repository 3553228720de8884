export * from './runner';
export * from './server';
export * from './sync';
export * from './workspaces';
