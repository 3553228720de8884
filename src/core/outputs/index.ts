// Everything written for people and tools: run exports, client reports, the analysis export.
export * from './db-export';
export * from './export';
export * from './reports';
