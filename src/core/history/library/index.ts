// The library: saved prompts, prompt sets, brands, their tags, monitors, and the analyst's kinds of cited sites.

export { type BrandInput, createLibraryApi, type LibraryApi } from './library';
export { ensureTagIds, findTagId, pruneUnusedTags } from './tags';
export { createMonitorsApi, type MonitorInput, type MonitorsApi } from './monitors';
export { createSiteKindsApi, type SiteKindOverride, type SiteKindsApi } from './site-kinds';
export {
  cleanTopics,
  importPromptTopics,
  promptByText,
  savePromptWithTopics,
  type PromptTopicsImport,
  type SaveAction,
  type SaveWithTopics,
} from './prompt-topics';
