import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { prepareJsonLineChunks, type JsonLineChunkRequest } from './export-json-lines';
import { registerStoreFunctions } from '../codec';

// One thread of a JSON or NDJSON export (export-json-workers.ts): builds the lines of the
// chunks it is sent on a read-only connection of its own and sends each chunk back as one
// transferred buffer. SQLite building the objects is nearly all of a JSON export's time, and
// one statement runs on one core: two threads take it to the machine's two cores, and the
// app's main thread only writes the file.

export interface JsonWorkerData {
  dbPath: string;
}

export type JsonWorkerRequest = JsonLineChunkRequest & { id: number };

/**
 * Ends the thread from inside: it closes its connection and its port, and exits once idle. The
 * export stops its threads this way, not by terminating them: better-sqlite3 aborts the whole
 * process when a thread is terminated while it loads or calls the native module
 * (WiseLibs/better-sqlite3#1507).
 */
export interface JsonWorkerStop {
  stop: true;
}

export type JsonWorkerReply =
  { id: number; ok: true; bytes: Uint8Array; lines: number } | { id: number; ok: false; message: string };

const { dbPath } = workerData as JsonWorkerData;
const db = new Database(dbPath, { readonly: true, fileMustExist: true });
registerStoreFunctions(db);
db.pragma('busy_timeout = 5000');
// SQLite's default page cache (2 MB), not better-sqlite3's 16 MB: a chunk reads a few hundred
// pages once, and each thread would hold its own.
db.pragma('cache_size = -2000');
const readChunk = prepareJsonLineChunks(db);

parentPort?.on('message', (message: JsonWorkerRequest | JsonWorkerStop) => {
  if ('stop' in message) {
    db.close();
    parentPort?.close();
    return;
  }
  const { id, ...request } = message;
  let reply: JsonWorkerReply;
  try {
    const { bytes, lines } = readChunk(request);
    reply = { id, ok: true, bytes, lines };
    // A chunk with a memory block of its own is moved, not copied; a small one may sit in
    // Node's shared pool of small buffers, which must not be taken from this thread.
    const block = bytes.buffer;
    const own =
      block instanceof ArrayBuffer && bytes.byteOffset === 0 && block.byteLength === bytes.byteLength;
    parentPort?.postMessage(reply, own ? [block] : []);
    return;
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
