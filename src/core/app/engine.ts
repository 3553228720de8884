import type { EngineLabels } from '../../shared/narrative/places';
import { openHistory, type HistoryStore } from '../history';
import { createPageArchiver, type PageArchiver, type PageArchiverOptions, type PageSanitizer } from '../runs';
import { createServices, type CoreServices } from './services';

// The engine every front end shares: one history, the archive of the pages its answers link to,
// and the services over it. The app builds the rest of its core around it (app-core.ts); a CLI
// command or the MCP server uses it as it is, opened for the command and closed after it.

export interface EngineDeps {
  /** The SQLite history file. */
  dbPath: string;
  now: () => number;
  fetch: typeof fetch;
  /** Opens the history (default: the file at dbPath; the app and the CLI pass their own ways of opening it). */
  openStore?: () => HistoryStore;
  /** The positioning judge in use (Settings), read per call. */
  activeJudge: () => string;
  /** The engine labels of the service profile in use, read per call. */
  labels: () => EngineLabels;
  /** Where unexpected errors in background work are reported. */
  logError?: (message: string) => void;
  /** The page archiver's limits (tests shorten its backoff). */
  archiveOptions?: Partial<PageArchiverOptions>;
  /** Strips archived pages (the app: on a worker thread). */
  sanitizePage?: PageSanitizer;
}

export interface EngineCore {
  store: HistoryStore;
  /** Downloads the pages results link to while their links are valid (in the background). */
  archive: PageArchiver;
  /** Visibility, what changed, discovery, positioning and change alerts over this history. */
  services: CoreServices;
  close(): Promise<void>;
}

/** Opens the history and the services over it; the page archive is built, not started (kick it). */
export function openEngine(deps: EngineDeps): EngineCore {
  const store = deps.openStore?.() ?? openHistory({ path: deps.dbPath, now: deps.now });
  const logError = (message: string): void => deps.logError?.(message);
  const archive = createPageArchiver({
    store,
    fetch: deps.fetch,
    now: deps.now,
    ...(deps.archiveOptions ? { options: deps.archiveOptions } : {}),
    ...(deps.sanitizePage ? { sanitize: deps.sanitizePage } : {}),
    logError,
  });
  const services = createServices({
    store,
    now: deps.now,
    fetch: deps.fetch,
    activeJudge: deps.activeJudge,
    labels: deps.labels,
    logError,
  });
  return {
    store,
    archive,
    services,
    async close() {
      try {
        await archive.close();
      } finally {
        store.close();
      }
    },
  };
}
