import { writeFailureKind, type IngestItem, type OwnerIdentity } from '../../history';
import type { IngestBatcher, IngestHold } from './ingest-batcher';
import {
  takeInHeldJournals,
  writeHeldJournal,
  type JournalIntake,
  type JournalIntakeStore,
} from './held-journal';
import { createStoreHold, type StorageBlocked, type StoreHold } from './store-hold';

// The run engine's side of pause-hold-wait (store-hold.ts): the hold its ingest batcher and
// drivers share, the journal the held answers go to when the engine stops before the history
// can take them, and taking journals in before a run is resumed.

export interface EngineStorageDeps {
  /** The history file (journals are named after it); null: no journal (answers stay in memory only). */
  path: string | null;
  now: () => number;
  store: JournalIntakeStore & { heartbeatRuns(owner: OwnerIdentity): number };
  self: OwnerIdentity;
  onBlocked?: (info: StorageBlocked) => void;
  onCleared?: (info: { path: string; heldMs: number }) => void;
  /** What the user is told about a journal written or taken in (a run's notices). */
  notice: (text: string) => void;
}

export interface EngineStorage {
  hold: StoreHold;
  /** The hold as the ingest batcher sees it: once the engine is stopping, held answers go to the journal. */
  ingestHold: IngestHold;
  /** Set once the batcher exists (the hold's probe retries its held answers). */
  attach(batcher: IngestBatcher): void;
  /** Runs a bookkeeping write; a write failure is noted (the engine holds) instead of thrown. */
  tolerant<T>(write: () => T): T | undefined;
  /** The same for one that is awaited. */
  tolerantAsync<T>(write: Promise<T>): Promise<T | undefined>;
  /**
   * The engine stops while answers are held: they go to a journal (the batcher's waiting
   * callers are released). From now on, answers that cannot be written go there at once.
   */
  stopping(): void;
  /** Journals of this history taken in (call before anything of a run is sent). */
  takeIn(): JournalIntake;
  close(): void;
}

const held = (batcher: IngestBatcher | null) => ({ answers: batcher?.heldCount() ?? 0, bytes: 0 });

export function createEngineStorage(deps: EngineStorageDeps): EngineStorage {
  let batcher: IngestBatcher | null = null;
  let isStopping = false;
  const path = deps.path ?? '(history)';

  const hold = createStoreHold({
    path,
    now: deps.now,
    onBlocked: deps.onBlocked,
    onCleared: deps.onCleared,
    probe: () => {
      if (batcher && batcher.heldCount() > 0) {
        batcher.retry();
        return batcher.heldCount() === 0;
      }
      try {
        deps.store.heartbeatRuns(deps.self);
        return true;
      } catch (error) {
        if (hold.failed(error, held(batcher))) return false;
        throw error;
      }
    },
  });

  function journalHeld(): void {
    if (!batcher || batcher.heldCount() === 0) return;
    const items: IngestItem[] = batcher.release();
    if (deps.path === null) {
      deps.notice(`${items.length} paid answer(s) could not be stored and there is no journal to keep them.`);
      return;
    }
    const written = writeHeldJournal(deps.path, items, deps.now());
    deps.notice(
      written.path
        ? `${items.length} paid answer(s) the history could not take were written to ${written.path}; \`parallax resume\` (or resuming the run in the app) stores them before sending anything.`
        : `${items.length} paid answer(s) could not be stored nor written to a journal (${written.failure}); their jobs will read "interrupted".`,
    );
  }

  return {
    hold,
    ingestHold: {
      failed(error, answers) {
        const wait = hold.failed(error, answers);
        // Stopping: nothing will wait for the history any more, the answers go to the journal.
        if (wait && isStopping) queueMicrotask(journalHeld);
        return wait;
      },
      succeeded: () => hold.succeeded(),
    },
    attach(b) {
      batcher = b;
    },
    tolerant(write) {
      try {
        return write();
      } catch (error) {
        if (writeFailureKind(error) !== null && hold.failed(error, held(batcher))) return undefined;
        throw error;
      }
    },
    async tolerantAsync(write) {
      try {
        return await write;
      } catch (error) {
        if (writeFailureKind(error) !== null && hold.failed(error, held(batcher))) return undefined;
        throw error;
      }
    },
    stopping() {
      isStopping = true;
      if (hold.blocked()) journalHeld();
    },
    takeIn() {
      const intake = deps.path
        ? takeInHeldJournals(deps.store, deps.path)
        : { stored: 0, skipped: 0, journals: [] };
      if (intake.stored > 0)
        deps.notice(
          `${intake.stored} held answer(s) taken in from ${intake.journals.length} journal(s) before resuming.`,
        );
      return intake;
    },
    close() {
      hold.stop();
    },
  };
}

/**
 * Runs a driver's write (a job's change after a failed call, a batch's submission); while the
 * history cannot be written it waits for it and tries again, until `signal` (the run paused)
 * says to give up: then null, and the job is left as it is in the history (a resume sorts it).
 */
export async function writeWhenPossible<T>(
  hold: StoreHold,
  signal: AbortSignal,
  write: () => T | Promise<T>,
): Promise<T | null> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!hold.failed(error, { answers: 0, bytes: 0 })) throw error;
    }
    try {
      await hold.whenClear(signal);
    } catch {
      return null;
    }
  }
}
