import { parentPort, workerData } from 'node:worker_threads';
import { analyseAnswersAhead, openPositioningConnection, judgeCompact, packBackToBack } from '../../history';
import {
  type JudgeSlice,
  type JudgeSliceReply,
  type AnalyseReply,
  type AnalyseRequest,
  type PackReply,
  type PackRequest,
} from './judge-pool';
import type { WorkerScript } from '../../platform';
import { runBuiltinRescore } from './builtin-rescore';
import type { RescoreOutcome } from './rescore-pipeline';
import type { FunnelDaysWorkerData, ReadAheadWorkerData } from '../../team';

// The positioning re-score's worker threads, one script in three roles:
// - 'rescore': the app's re-score off the main thread: a connection of its own reads each batch
//   and writes it in a short transaction; the judging goes to a pool of 'judge' threads started
//   from this same script. Messages out: progress after each batch, then done (or error);
//   in: { type: 'cancel' } stops after the batch under way.
// - 'judge': judges the slices of batches it is sent (judge-pool.ts), and packs the answer
//   documents of a sync's pull (store/codec/doc-ahead.ts) and analyses its answers for the
//   Visibility and discovery indexes (store/visibility/visibility-ahead.ts).
// - 'read-ahead': reads a large pull's answers with a team connection of its own and prepares
//   them (judged, packed, analysed) for the pulling thread (src/core/team/sync/read-ahead.ts).
// - 'funnel-days': computes the funnel totals a sync shares from a read-only connection of its
//   own, off the app's main thread (src/core/team/sync/funnel-worker.ts).

export interface RescoreWorkerData {
  role: 'rescore';
  dbPath: string;
  /** This script, for the judge threads (a URL as its href: worker data is cloned, a URL is not). */
  script: { file: string; isUrl: boolean; execArgv?: string[] };
  threads?: number;
  batchSize?: number;
}

export type RescoreWorkerMessage =
  | { type: 'progress'; done: number; total: number; writeMs: number }
  | { type: 'done'; result: RescoreOutcome }
  | { type: 'error'; message: string };

/** Packs documents back to back into one buffer, which crosses to the caller without a copy. */
function packRequest(request: PackRequest): PackReply {
  try {
    return { id: request.id, ok: true, ...packBackToBack(request.pack) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function judgeSlice(slice: JudgeSlice): JudgeSliceReply {
  // One string: copied as it is, where the verdict objects were cloned one field at a time.
  return { id: slice.id, ok: true, verdicts: JSON.stringify(judgeCompact(slice.brands, slice.items)) };
}

/** Analyses answers for the Visibility and discovery indexes (visibility-ahead.ts). */
function analyseRequest(request: AnalyseRequest): AnalyseReply {
  try {
    const analysed = analyseAnswersAhead(request.analyse.brands, request.analyse.answers);
    return { id: request.id, ok: true, analysed: JSON.stringify(analysed) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function judgeRole(): void {
  parentPort?.on('message', (message: JudgeSlice | PackRequest | AnalyseRequest) => {
    if ('analyse' in message) parentPort?.postMessage(analyseRequest(message));
    else if ('pack' in message) {
      const reply = packRequest(message);
      // Its one buffer (made by packRequest, never shared) moves to the caller.
      parentPort?.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
    } else parentPort?.postMessage(judgeSlice(message));
  });
}

async function rescoreRole(data: RescoreWorkerData): Promise<void> {
  const post = (m: RescoreWorkerMessage): void => parentPort?.postMessage(m);
  const abort = new AbortController();
  parentPort?.on('message', (m: { type: string }) => {
    if (m.type === 'cancel') abort.abort();
  });
  const connection = openPositioningConnection(data.dbPath);
  const { file, isUrl, execArgv } = data.script;
  const script: WorkerScript = { file: isUrl ? new URL(file) : file, ...(execArgv ? { execArgv } : {}) };
  try {
    const result = await runBuiltinRescore(connection.jobs, {
      worker: script,
      ...(data.threads ? { threads: data.threads } : {}),
      ...(data.batchSize ? { batchSize: data.batchSize } : {}),
      signal: abort.signal,
      onProgress: (p) => post({ type: 'progress', done: p.done, total: p.total, writeMs: p.writeMs }),
    });
    post({ type: 'done', result });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  } finally {
    connection.close();
    parentPort?.close();
  }
}

/** A large pull's read-ahead thread (src/core/team/sync/read-ahead-thread.ts), loaded only in that role. */
async function readAheadRole(data: ReadAheadWorkerData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { runReadAhead } = await import('./read-ahead-role');
  await runReadAhead(port, data.request);
}

/** The funnel totals a sync shares (src/core/team/sync/funnel-thread.ts), loaded only in that role. */
async function funnelDaysRole(data: FunnelDaysWorkerData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { runFunnelDays } = await import('./funnel-days-role');
  await runFunnelDays(port, data.request);
}

const data = workerData as { role: 'judge' } | RescoreWorkerData | ReadAheadWorkerData | FunnelDaysWorkerData;
if (data.role === 'judge') judgeRole();
else if (data.role === 'read-ahead') void readAheadRole(data);
else if (data.role === 'funnel-days') void funnelDaysRole(data);
else void rescoreRole(data);
