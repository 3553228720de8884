// The pages a result links to (its `html` URLs), archived at ingest: their state as the
// app, the CLI and exports show it.

/** Why a page could not be archived. */
export const PAGE_FAILURE_CODES = [
  'expired', // 404/410, or past the link lifetime before it could be fetched
  'too-large',
  'timeout',
  'not-html',
  'http-error',
  'network',
  'not-http',
] as const;
export type PageFailureCode = (typeof PAGE_FAILURE_CODES)[number];

export type PageArchiveState = 'pending' | 'archived' | 'failed';

export interface PageArchiveStatus {
  /** 0 for an answer's page; one per search page otherwise. */
  index: number;
  url: string;
  state: PageArchiveState;
  /** Set when failed, and on a pending page that is waiting to retry. */
  reasonCode: PageFailureCode | null;
  reason: string | null;
  attempts: number;
  archivedAt: number | null;
  /** The page as downloaded, before scripts were stripped. */
  pageBytes: number | null;
  /** Compressed, as kept in the history. */
  storedBytes: number | null;
}
