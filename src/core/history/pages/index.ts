// The page archive: the pages answers cite, fetched, sanitised and kept compressed.

export {
  type ArchivedPage,
  createPageArchiveApi,
  createPageEnqueuer,
  type PageArchiveApi,
  type PageArchiveCounts,
  type PageTask,
  pageTaskKey,
} from './page-archive';
