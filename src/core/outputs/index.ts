export * from './db-export';
export * from './export';
export * from './reports';
