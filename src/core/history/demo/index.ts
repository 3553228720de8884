// The demo history's removal, in one transaction.

export { createDemoApi, type DemoApi, type DemoDeleted } from './demo';
