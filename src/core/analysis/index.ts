// What the stored answers say: Visibility's numbers, what changed (findings) and discovery.
export * from './discovery';
export * from './findings';
export * from './visibility';
