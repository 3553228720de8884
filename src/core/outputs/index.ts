export * from './db-export';
export * from './export';
export * from './reports';
export * from './reports/logo';
export { topDomains } from './export/export-data';
export { LogoError, readLogoFile, recheckLogo } from './reports/logo';
