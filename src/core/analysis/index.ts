// What the stored answers say: Visibility's numbers, what changed (findings), discovery and commerce.
export * from './commerce';
export * from './discovery';
export * from './findings';
export * from './visibility';
