// The library: saved prompts, prompt sets, brands, their tags, and monitors.

export { type BrandInput, createLibraryApi, type LibraryApi } from './library';
export { ensureTagIds, findTagId, pruneUnusedTags } from './tags';
export { createMonitorsApi, type MonitorInput, type MonitorsApi } from './monitors';
