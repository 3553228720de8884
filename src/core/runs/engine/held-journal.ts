import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { JobState } from '../../../shared/domain/run-spec';
import {
  freeBytesNear,
  PRIVATE_FILE_MODE,
  type IngestItem,
  type IngestOutcome,
  type JobRecord,
} from '../../history';

// Paid answers the history could not take (a full disk, a lock, a read-only disk) when the run
// was stopped before it could: written to a journal, one JSON line per answer, next to the
// history or in the temp folder, whichever has room. `parallax resume` (and the app's resume)
// takes them in before anything is sent, then removes the journal. The journal is private
// (0600): it holds answers like the history does.

const FORMAT = 'parallax-held-answers';
const VERSION = 1;

interface JournalHeader {
  format: typeof FORMAT;
  version: number;
  history: string;
  createdAt: number;
  answers: number;
}

/** Journal names for one history: beside it, and (when that has no room) in the temp folder. */
function journalPlaces(historyPath: string): Array<{ dir: string; prefix: string }> {
  const path = resolve(historyPath);
  const tag = createHash('sha256').update(path).digest('hex').slice(0, 12);
  return [
    { dir: dirname(path), prefix: `${basename(path)}.held-` },
    { dir: tmpdir(), prefix: `parallax-held-${tag}-` },
  ];
}

function writeFileDurably(path: string, text: string): void {
  const temp = `${path}.part`;
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, path);
}

/**
 * Writes the answers to a new journal; returns its path, or null when neither place could take
 * it (both full or unwritable: the error of the last try is in `failure`).
 */
export function writeHeldJournal(
  historyPath: string,
  items: readonly IngestItem[],
  now: number,
): { path: string | null; failure: string | null } {
  if (items.length === 0) return { path: null, failure: null };
  const header: JournalHeader = {
    format: FORMAT,
    version: VERSION,
    history: resolve(historyPath),
    createdAt: now,
    answers: items.length,
  };
  // An answer's parsed body is its raw text again: the text alone is kept.
  const lines = [header, ...items.map(({ parsed: _parsed, ...item }) => item)];
  const text = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
  const bytes = Buffer.byteLength(text);
  // The place with room first; the other one if writing there fails anyway.
  const hasRoom = (dir: string): boolean => (freeBytesNear(join(dir, 'journal')) ?? 0) >= bytes;
  const places = journalPlaces(historyPath);
  places.sort((a, b) => Number(hasRoom(b.dir)) - Number(hasRoom(a.dir)));
  let failure: string | null = null;
  for (const place of places) {
    const path = join(place.dir, `${place.prefix}${now}-${process.pid}.ndjson`);
    try {
      writeFileDurably(path, text);
      return { path, failure: null };
    } catch (error) {
      failure = `${path}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { path: null, failure };
}

/** The journals waiting for this history, oldest first. */
export function findHeldJournals(historyPath: string): string[] {
  const found: string[] = [];
  for (const { dir, prefix } of journalPlaces(historyPath)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names)
      if (name.startsWith(prefix) && name.endsWith('.ndjson')) found.push(join(dir, name));
  }
  return found.sort((a, b) => stampOf(a) - stampOf(b));
}

const stampOf = (path: string): number => Number(/-(\d+)-\d+\.ndjson$/.exec(path)?.[1] ?? 0);

function readJournal(path: string, historyPath: string): IngestItem[] | null {
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const header = JSON.parse(lines[0] ?? 'null') as JournalHeader | null;
  if (header?.format !== FORMAT || header.history !== resolve(historyPath)) return null;
  return lines.slice(1).map((line) => JSON.parse(line) as IngestItem);
}

/** The store calls intake needs. */
export interface JournalIntakeStore {
  getJob(jobId: string): JobRecord | null;
  ingestResults(items: readonly IngestItem[]): IngestOutcome[];
}

export interface JournalIntake {
  /** Answers stored from journals. */
  stored: number;
  /** Answers a journal held whose job already had its result, or no longer exists. */
  skipped: number;
  /** Journals read whole and removed. */
  journals: string[];
}

/**
 * A held answer's job is 'running' (its process stopped before it could be stored) or
 * 'interrupted' (a resume or the app marked it so since): either way it is taken in.
 */
const TAKEN_FROM: readonly JobState[] = ['running', 'interrupted', 'queued'];

/**
 * Takes every journal of this history in (each in one transaction, then removed). A journal
 * that cannot be read or written in stays, for the next resume; the error is thrown.
 */
export function takeInHeldJournals(store: JournalIntakeStore, historyPath: string): JournalIntake {
  const intake: JournalIntake = { stored: 0, skipped: 0, journals: [] };
  for (const path of findHeldJournals(historyPath)) {
    const items = readJournal(path, historyPath);
    if (items === null) continue; // another history's (a hash collision) or not a journal
    const open = items.filter((item) => {
      const job = store.getJob(item.jobId);
      return job !== null && TAKEN_FROM.includes(job.jobState);
    });
    store.ingestResults(
      open.map((item) => ({ ...item, jobPatch: { ...item.jobPatch, expect: TAKEN_FROM } })),
    );
    intake.stored += open.length;
    intake.skipped += items.length - open.length;
    rmSync(path, { force: true });
    intake.journals.push(path);
  }
  return intake;
}
