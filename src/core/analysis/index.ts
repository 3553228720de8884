export * from './discovery';
export * from './findings';
export * from './visibility';
