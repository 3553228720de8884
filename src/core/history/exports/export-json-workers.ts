import type { WorkerScript } from '../../platform';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JsonLineChunk, JsonLineChunkRequest, JsonLinesOptions } from './export-json-lines';
import type {
  JsonWorkerData,
  JsonWorkerReply,
  JsonWorkerRequest,
  JsonWorkerStop,
} from './export-json-worker';

// A JSON or NDJSON export's lines built on worker threads (export-json-worker.ts), handed back
// in the matrix order. The run's job ids are cut into chunks of CHUNK_JOBS; chunk k goes to
// thread k mod N and at most AHEAD_PER_THREAD chunks per thread are asked for before the
// writer takes them, so memory stays a few chunks whatever the run's size, and a slow disk
// slows the threads instead of filling memory.

/** The export worker's script: a worker thread's script as every thread of the engine names it. */
export type ExportWorkerScript = WorkerScript;

/** About 0.9 MB of JSON with today's answers: few messages, little memory held. */
export const CHUNK_JOBS = 100;
const AHEAD_PER_THREAD = 2;
/**
 * Each thread holds about 40 MB (its V8 heap, page cache, buffers not yet collected): two take
 * a 2-core machine's both cores and keep the export's peak near the in-process one's.
 */
const MAX_THREADS = 2;
/**
 * A thread's rows are Buffers outside V8's heap, freed only when their small handles are
 * collected: a young generation of 4 MB (not 16-48) collects them every few chunks instead
 * of letting a hundred MB of dead rows pile up.
 */
const YOUNG_GENERATION_MB = 4;

export interface JsonChunksRequest extends JsonLinesOptions {
  /** The jobs in the order of the file. */
  jobIds: readonly string[];
  separator: string;
}

interface ChunkThread {
  read(request: JsonLineChunkRequest): Promise<JsonLineChunk>;
  stop(): Promise<void>;
}

function startThread(script: ExportWorkerScript, data: JsonWorkerData): ChunkThread {
  const worker = new Worker(script.file, {
    workerData: data,
    execArgv: script.execArgv ?? [],
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const waiting = new Map<number, { resolve: (c: JsonLineChunk) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  let nextId = 1;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const failAll = (error: Error): void => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };
  worker.on('message', (reply: JsonWorkerReply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (!reply.ok) entry.reject(new Error(`The export could not read the run: ${reply.message}`));
    else
      entry.resolve({
        bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength),
        lines: reply.lines,
      });
  });
  worker.on('error', (error) => failAll(new Error(`An export thread failed: ${error.message}`)));
  worker.on('exit', (code) => failAll(new Error(`An export thread stopped (exit code ${code})`)));
  return {
    read(request) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      const message: JsonWorkerRequest = { id, ...request, jobIds: [...request.jobIds] };
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage(message);
      });
    },
    async stop() {
      // Asked to end itself after the chunk it is building (JsonWorkerStop says why not terminate).
      const stop: JsonWorkerStop = { stop: true };
      worker.postMessage(stop);
      await exited;
    },
  };
}

/** Threads for a run of `jobs`: up to the cores (at most MAX_THREADS), one per chunk at most. */
export function exportThreads(jobs: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, MAX_THREADS, Math.ceil(jobs / CHUNK_JOBS)));
}

/**
 * The lines of the listed jobs, chunk by chunk in their order (each chunk's lines joined by
 * the separator). Ending the iteration early (cancel, a failed write) stops the threads.
 * Throws when a listed job is gone (the run was deleted while it was exported).
 */
export async function* jsonChunksFromWorkers(
  script: ExportWorkerScript,
  data: JsonWorkerData,
  request: JsonChunksRequest,
): AsyncGenerator<JsonLineChunk> {
  const { jobIds, ...options } = request;
  if (jobIds.length === 0) return;
  const threads = Array.from({ length: exportThreads(jobIds.length) }, () => startThread(script, data));
  const slices: Array<readonly string[]> = [];
  for (let at = 0; at < jobIds.length; at += CHUNK_JOBS) slices.push(jobIds.slice(at, at + CHUNK_JOBS));
  const asked: Array<Promise<JsonLineChunk>> = [];
  let next = 0;
  const ask = (): void => {
    const slice = slices[next] as readonly string[];
    const chunk = (threads[next % threads.length] as ChunkThread).read({ ...options, jobIds: slice });
    // Awaited in order below; until then a failure must not count as unhandled.
    chunk.catch(() => undefined);
    asked.push(chunk);
    next += 1;
  };
  try {
    while (next < slices.length && asked.length < threads.length * AHEAD_PER_THREAD) ask();
    let done = 0;
    while (asked.length > 0) {
      const chunk = await (asked.shift() as Promise<JsonLineChunk>);
      const expected = (slices[done] as readonly string[]).length;
      done += 1;
      if (chunk.lines !== expected) {
        throw new Error(`The run changed during the export: ${expected - chunk.lines} of its jobs are gone`);
      }
      if (next < slices.length) ask();
      yield chunk;
    }
  } finally {
    await Promise.all(threads.map((t) => t.stop()));
  }
}
