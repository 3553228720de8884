// The history file's size by part (Settings → History file, `parallax db stats`) and the
// outcome of giving free space back (`parallax db compact`). Sizes in bytes.

export interface StoragePart {
  part: string;
  bytes: number;
  /** The SQLite tables and indexes counted in this part. */
  tables: string[];
}

export interface StorageStats {
  path: string;
  /** The file and its WAL on disk. */
  fileBytes: number;
  /** Pages in the database × page size (used + free). */
  totalBytes: number;
  usedBytes: number;
  /** Free pages inside the file: what `db compact` gives back. */
  freeBytes: number;
  pageSize: number;
  results: number;
  /** totalBytes / results (null without results). */
  bytesPerResult: number | null;
  /** Whether compaction can release pages in steps (after the first compact). */
  incrementalVacuum: boolean;
  /** Largest first. */
  parts: StoragePart[];
}

export interface StorageCompactProgress {
  /** rewrite: the one-time full VACUUM; release: incremental steps; done: finished. */
  phase: 'rewrite' | 'release' | 'done';
  freedBytes: number;
  totalBytes: number;
}

export interface StorageCompactResult {
  mode: 'full' | 'incremental';
  beforeBytes: number;
  afterBytes: number;
  freedBytes: number;
}
