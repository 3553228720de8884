import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { CellValue, RowBatch } from './reader';
import { DbExportCanceledError } from './types';

// One table read on one thread for a writer on another, in order: the Parquet export's second
// thread reads the answers (every document decompressed: most of the export's work) and the main
// thread's DuckDB, the export's only one, encodes them. DuckDB pulls rows through a synchronous
// callback, so the writing thread cannot wait for a message the usual way: it blocks on a shared
// counter (Atomics.wait) until the next batch is posted, then takes it off its port
// (receiveMessageOnPort). The reading side stays at most AHEAD batches ahead of the writer (the
// writer returns a credit per batch taken), so memory stays a few batches.

/** Batches the reading side may post beyond what the writer has taken. */
const AHEAD = 2;

/** Slots of the shared counters: batches posted; canceled (1); the reading side's heartbeat. */
const POSTED = 0;
const CANCELED = 1;
const ALIVE = 2;
const SLOTS = 3;

/**
 * A reading side on another thread beats every HEARTBEAT_MS; the writer gives up on it after
 * STALE_MS without a beat or a batch. A thread that dies without a word (out of memory under its
 * resourceLimits, terminated) posts nothing, and a writer blocked in Atomics.wait on the main
 * thread cannot hear its exit event: without this it would wait forever.
 */
const HEARTBEAT_MS = 500;
const STALE_MS = 60_000;

/** One end of a share: its port (in the worker's transfer list) and the shared counters. */
export interface ShareEnd {
  port: MessagePort;
  flags: SharedArrayBuffer;
}

type ShareMessage =
  | { type: 'batch'; rows: CellValue[][]; keys: number }
  | { type: 'end' }
  | { type: 'failed'; message: string };

export interface ShareFeeder {
  /** Posts the batches in turn (a few ahead of the writer), then the end; a failure is posted too. */
  feed(batches: Iterator<RowBatch>, canceled: () => boolean): Promise<void>;
  /** Wakes a writer blocked on the next batch: it throws DbExportCanceledError. */
  cancel(): void;
  /** Beats the heartbeat until stopped (the returned function). */
  beat(): () => void;
}

/** The two ends of a share: the reading side's (feedFrom) and the writer's (received). */
export function shareChannel(): { feeder: ShareEnd; writer: ShareEnd } {
  const { port1, port2 } = new MessageChannel();
  const flags = new SharedArrayBuffer(4 * SLOTS);
  return { feeder: { port: port1, flags }, writer: { port: port2, flags } };
}

/** Marks the share canceled and wakes a writer blocked on it (either side may). */
export function cancelShare(end: ShareEnd): void {
  const counters = new Int32Array(end.flags);
  Atomics.store(counters, CANCELED, 1);
  Atomics.notify(counters, POSTED);
}

/** The reading side of a share: posts batches to the writer's end, AHEAD at most. */
export function feedFrom(end: ShareEnd): ShareFeeder {
  const { port, flags } = end;
  const counters = new Int32Array(flags);
  let credits = AHEAD;
  let wake: (() => void) | null = null;
  const wakeUp = (): void => {
    wake?.();
    wake = null;
  };
  port.on('message', () => {
    credits++;
    wakeUp();
  });
  const post = (message: ShareMessage): void => {
    port.postMessage(message, message.type === 'batch' ? packTexts(message.rows) : []);
    Atomics.add(counters, POSTED, 1);
    Atomics.notify(counters, POSTED);
  };
  return {
    cancel() {
      cancelShare(end);
      wakeUp();
    },
    beat() {
      const timer = setInterval(() => Atomics.add(counters, ALIVE, 1), HEARTBEAT_MS);
      return () => clearInterval(timer);
    },
    async feed(batches, canceled) {
      try {
        for (let next = batches.next(); !next.done; next = batches.next()) {
          post({ type: 'batch', rows: next.value.rows, keys: next.value.keys });
          credits--;
          while (credits <= 0 && !canceled() && Atomics.load(counters, CANCELED) === 0)
            await new Promise<void>((resolve) => (wake = resolve));
          if (canceled() || Atomics.load(counters, CANCELED) === 1) throw new DbExportCanceledError();
          // Let the thread hear a cancel and beat its heartbeat between batches.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        post({ type: 'end' });
      } catch (error) {
        post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        port.close();
      }
    },
  };
}

/**
 * Packs a batch's texts (Buffers) into one fresh ArrayBuffer, each cell a view into it, and
 * returns it for the message's transfer list: a document's text is a view into its whole
 * decompressed document (raw JSON included), which a structured clone would copy whole, for
 * each text of the row; transferred, the batch's texts cross threads without a copy.
 */
export function packTexts(rows: CellValue[][]): ArrayBuffer[] {
  let total = 0;
  for (const row of rows) for (const v of row) if (Buffer.isBuffer(v)) total += v.length;
  if (total === 0) return [];
  const packed = new Uint8Array(total);
  let at = 0;
  for (const row of rows)
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (!Buffer.isBuffer(v)) continue;
      packed.set(v, at);
      row[i] = Buffer.from(packed.buffer, at, v.length);
      at += v.length;
    }
  return [packed.buffer];
}

/** A document's text arrives as a Uint8Array (structured clone): the writers take a Buffer. */
export const asBuffers = (rows: CellValue[][]): CellValue[][] => {
  for (const row of rows)
    for (let i = 0; i < row.length; i++) {
      const v = row[i] as unknown;
      if (v instanceof Uint8Array && !Buffer.isBuffer(v))
        row[i] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  return rows;
};

/**
 * The next batch the other side posted, blocking until it comes (null at its end). A reading
 * side whose heartbeat stops for STALE_MS is taken for dead.
 */
function takeFrom(end: ShareEnd): () => RowBatch | null {
  const counters = new Int32Array(end.flags);
  return () => {
    let beat = Atomics.load(counters, ALIVE);
    let beatAt = Date.now();
    for (;;) {
      const seen = Atomics.load(counters, POSTED);
      const got = receiveMessageOnPort(end.port);
      if (got) {
        const message = got.message as ShareMessage;
        if (message.type === 'end') return null;
        if (message.type === 'failed') throw new Error(message.message);
        end.port.postMessage('more');
        return { rows: asBuffers(message.rows), keys: message.keys };
      }
      if (Atomics.load(counters, CANCELED) === 1) throw new DbExportCanceledError();
      Atomics.wait(counters, POSTED, seen, 1000);
      const now = Atomics.load(counters, ALIVE);
      if (now !== beat) [beat, beatAt] = [now, Date.now()];
      else if (Date.now() - beatAt > STALE_MS) throw new Error("The export's second thread stopped");
    }
  };
}

/** The writer's side when a worker reads every batch: they come in the order posted. */
export function* received(end: ShareEnd): Generator<RowBatch> {
  const theirs = takeFrom(end);
  try {
    for (let batch = theirs(); batch; batch = theirs()) yield batch;
  } finally {
    end.port.close();
  }
}
