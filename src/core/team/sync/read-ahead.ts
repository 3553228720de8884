import { Worker } from 'node:worker_threads';
import type { BrandDefinition } from '../../../shared/analytics';
import type { PulledResult, ReplicaCursor, ReplicaRow } from '../../history';
import type { QuarantinedRow } from './pulled-result';
import type { WorkerScript } from '../../platform';
import { type OpenTeamClientOptions, TeamError, type TeamErrorKind, type TeamUrl } from '../server';

// A large pull's answers read ahead on another thread with a team connection of its own
// (read-ahead-thread.ts), so this thread only stores them. There, each page of the results'
// table is read from the server, its rows turned into answers, their jobs fetched (each job's
// request language is what the judge is told), the answers judged, their documents packed and
// their brand hits and list leads found; the page then crosses to this thread in one message.
// Read here, the server's rows (their wire protocol and JSON) and the judge threads' hand-offs
// would take this thread's time; and while it stores a page, the next page could not arrive
// beyond what the socket holds, so it would wait for most of it after each page. The thread
// keeps one page ready beyond the one waiting here, so memory stays bounded.

/** What the read-ahead thread is started with (cloned into it). */
export interface ReadAheadRequest {
  /** The team connection's URL and options (password included: it stays in this process's memory). */
  team: { url: TeamUrl; options: OpenTeamClientOptions };
  workspaceId: string;
  /** This history's id on the team: rows it wrote itself pass with the cursor, without their bytes. */
  origin: string;
  since: number | null;
  /**
   * The results' cursor to read after, and the page size in rows and weight (team-reads.ts; its
   * default weight when unset).
   */
  cursor: ReplicaCursor;
  limit: number;
  weight?: number;
  /** The tracked brands the answers are judged and matched against; null: none tracked (nothing judged). */
  brands: BrandDefinition[] | null;
}

/** A page of the results' table, read and prepared ahead. */
export interface ReadAheadPage {
  /** The cursor after the page's last row. */
  cursor: ReplicaCursor;
  /** Rows written elsewhere in the page (those this history wrote itself are not sent). */
  rows: number;
  /**
   * The answers of those rows that could be read, in order. Their raw JSON (null here) stays on
   * the thread when their documents were packed there (docs): it is in them.
   */
  results: PulledResult[];
  /** The rows that could not be read, named (the pulling thread reports them). */
  quarantined: QuarantinedRow[];
  /** The jobs of those answers, as the team has them (whether or not they are here already). */
  jobs: ReplicaRow[];
  /**
   * One compact verdict per answer (null: not judged ahead), as JSON. Null when no brand is
   * tracked, and (as for the two below) when making them failed: ingest then does that work itself.
   */
  verdicts: string | null;
  /** Each answer's packed document, back to back. */
  docs: { bytes: Uint8Array; lengths: number[] } | null;
  /** Each answer's brand hits and list leads (AnalysedAhead[]), as JSON. */
  analysed: string | null;
}

export type ReadAheadMessage =
  | { type: 'page'; page: ReadAheadPage }
  | { type: 'end' }
  | { type: 'error'; kind: TeamErrorKind | null; message: string };

/** To the thread: this thread took a page (the thread may post one more). */
export interface ReadAheadTaken {
  type: 'taken';
}

/** The worker data of the thread's role in positioning-worker.ts. */
export interface ReadAheadWorkerData {
  role: 'read-ahead';
  request: ReadAheadRequest;
}

/** Pages read ahead, in order. */
export interface ReadAheadStream {
  /** The next page; null once the table is read to its end. Rejects with the thread's failure. */
  next(): Promise<ReadAheadPage | null>;
  /** Stops the thread (its connection closes with it). */
  close(): Promise<void>;
}

/** Starts the read-ahead thread (`spawn` starts positioning-worker.ts with these worker data). */
export function startReadAhead(
  spawn: (data: ReadAheadWorkerData) => Worker,
  request: ReadAheadRequest,
): ReadAheadStream {
  const worker = spawn({ role: 'read-ahead', request });
  const arrived: ReadAheadMessage[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ReadAheadMessage) => {
    arrived.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure ??= new Error(`The read-ahead thread failed: ${error.message}`);
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`The read-ahead thread stopped (exit code ${code})`);
    notify();
  });
  return {
    async next() {
      for (;;) {
        if (ended) return null;
        const message = arrived.shift();
        if (message?.type === 'page') {
          worker.postMessage({ type: 'taken' } satisfies ReadAheadTaken);
          return message.page;
        }
        if (message?.type === 'end') {
          ended = true;
          return null;
        }
        if (message?.type === 'error') {
          // The same error the read would have thrown on this thread (a server gone is "unreachable").
          throw message.kind === null
            ? new Error(message.message)
            : new TeamError(message.kind, message.message);
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async close() {
      worker.removeAllListeners('exit');
      // The thread reads PostgreSQL through pg (JavaScript) and never opens a history, so
      // terminating it cannot land inside better-sqlite3; its connection closes with it.
      // eslint-disable-next-line no-restricted-syntax
      await worker.terminate();
    },
  };
}

/**
 * Starts a large pull's read-ahead threads from `script`: positioning's judge thread script
 * (positioning-worker.ts), whose 'read-ahead' role runs read-ahead-thread.ts.
 */
export function readAheadOn(script: WorkerScript): (request: ReadAheadRequest) => ReadAheadStream {
  return (request) =>
    startReadAhead(
      (data) => new Worker(script.file, { workerData: data, execArgv: script.execArgv ?? [] }),
      request,
    );
}
