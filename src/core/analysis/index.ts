// What the stored answers say: Visibility's numbers, what changed (findings), discovery, commerce
// and brand facts.
export * from './commerce';
export * from './discovery';
export * from './facts';
export * from './findings';
export * from './visibility';
