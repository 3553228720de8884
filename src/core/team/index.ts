// The team history: the PostgreSQL server's schema and client, sync, the runner, workspaces.
export * from './runner';
export * from './server';
export * from './sync';
export * from './workspaces';
