export * from './discovery';
export * from './findings';
export * from './visibility';
export { buildBrandMatrix } from './visibility/brand-matrix';
export { DAY_MS, resolvePeriod } from './visibility/period';
export { createReanalysisDriver } from './visibility/reanalysis';
export { createQueryContext, type Context } from './visibility/service-context';
