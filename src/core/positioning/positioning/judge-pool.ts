import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import { type JudgeInput, BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import type { BrandDefinition as Brand } from '../../../shared/analytics';
import {
  type AnalysedAhead,
  type AnalysedContent,
  type CompactVerdict,
  type CompactVerdicts,
  type ResultDoc,
  unpackBackToBack,
} from '../../history';
import type { WorkerScript } from '../../platform';
import type { RescoreJudge } from './rescore-pipeline';

// The built-in judge on several threads, for re-scoring the archive: a batch is cut into one
// slice per thread (by text length, so the slices take about as long), each thread judges its
// slice (positioning-worker.ts, role 'judge') and the verdicts come back in order. The judge is
// nearly all of a re-score's CPU (about 0.3-0.6 ms an answer against a few µs to read and write
// it), and it is pure: threads share nothing but the texts sent to them.

export interface JudgeSlice {
  id: number;
  brands: readonly BrandDefinition[];
  items: Array<Omit<JudgeInput, 'brands'>>;
}

/** A slice's verdicts come back as one JSON string of CompactVerdict[] (positioning-compact.ts). */
export type JudgeSliceReply =
  { id: number; ok: true; verdicts: string } | { id: number; ok: false; message: string };

/** Answer documents to pack (a pull's page, store/codec/doc-ahead.ts), on the same threads. */
export interface PackRequest {
  id: number;
  pack: ResultDoc[];
}

/** The packed documents back to back in one transferred buffer, with each one's length. */
export type PackReply =
  { id: number; ok: true; bytes: Uint8Array; lengths: number[] } | { id: number; ok: false; message: string };

/** Answers to analyse for the Visibility and discovery indexes (store/visibility/visibility-ahead.ts). */
export interface AnalyseRequest {
  id: number;
  analyse: { brands: readonly Brand[]; answers: AnalysedContent[] };
}

/** Each answer's analysis, as one JSON string of AnalysedAhead[]. */
export type AnalyseReply =
  { id: number; ok: true; analysed: string } | { id: number; ok: false; message: string };

/** At most this many judge threads (a re-score is one job; more threads add memory, not speed, on most machines). */
const MAX_THREADS = 4;

export function judgeThreadCount(): number {
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
}

interface JudgeThread {
  judge(slice: Omit<JudgeSlice, 'id'>): Promise<CompactVerdict[]>;
  pack(docs: ResultDoc[]): Promise<Uint8Array[]>;
  analyse(request: AnalyseRequest['analyse']): Promise<AnalysedAhead[]>;
  stop(): Promise<void>;
}

type Reply = JudgeSliceReply | PackReply | AnalyseReply;

function startThread(script: WorkerScript): JudgeThread {
  const worker = new Worker(script.file, { workerData: { role: 'judge' }, execArgv: script.execArgv ?? [] });
  const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  let nextId = 1;
  const failAll = (error: Error): void => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve(reply);
    else entry.reject(new Error(`A judge thread failed: ${reply.message}`));
  });
  worker.on('error', (error) => failAll(new Error(`A judge thread failed: ${error.message}`)));
  worker.on('exit', (code) => failAll(new Error(`A judge thread stopped (exit code ${code})`)));
  function send(
    message: Omit<JudgeSlice, 'id'> | Omit<PackRequest, 'id'> | Omit<AnalyseRequest, 'id'>,
  ): Promise<Reply> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }
  return {
    async judge(slice) {
      const reply = (await send(slice)) as Extract<JudgeSliceReply, { ok: true }>;
      return JSON.parse(reply.verdicts) as CompactVerdict[];
    },
    async pack(docs) {
      return unpackBackToBack((await send({ pack: docs })) as Extract<PackReply, { ok: true }>);
    },
    async analyse(request) {
      const reply = (await send({ analyse: request })) as Extract<AnalyseReply, { ok: true }>;
      return JSON.parse(reply.analysed) as AnalysedAhead[];
    },
    async stop() {
      worker.removeAllListeners('exit');
      // Judge threads judge, pack and analyse in JavaScript and never open a database (the
      // addon loads with the first connection): terminating one cannot land inside better-sqlite3.
      // eslint-disable-next-line no-restricted-syntax
      await worker.terminate();
    },
  };
}

/** Cuts items into `parts` contiguous slices of about equal total text length. */
export function sliceByLength<T extends { text: string }>(items: readonly T[], parts: number): T[][] {
  const total = items.reduce((n, i) => n + i.text.length, 0);
  const slices: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    current.push(item);
    size += item.text.length;
    if (slices.length < parts - 1 && size >= (total * (slices.length + 1)) / parts) {
      slices.push(current);
      current = [];
    }
  }
  slices.push(current);
  return slices.filter((s) => s.length > 0);
}

export interface JudgePool extends RescoreJudge {
  readonly threads: number;
  /** Packs answer documents (store/codec/doc-ahead.ts) on the threads, in order. */
  packDocs(docs: readonly ResultDoc[]): Promise<Uint8Array[]>;
  /** Analyses answers for the Visibility and discovery indexes on the threads, in order. */
  analyseAhead(brands: readonly Brand[], answers: readonly AnalysedContent[]): Promise<AnalysedAhead[]>;
  close(): Promise<void>;
}

/** The built-in judge over `threads` threads (default: one per core, at most 4). */
export function createBuiltinJudgePool(script: WorkerScript, threads = judgeThreadCount()): JudgePool {
  const pool = Array.from({ length: threads }, () => startThread(script));
  return {
    ref: BUILTIN_JUDGE_REF,
    threads,
    // Two batches at once: each thread has its slice of the next queued while the writer is busy.
    depth: 2,
    async judgeBatch(inputs): Promise<CompactVerdicts> {
      if (inputs.length === 0) return { compact: [] };
      const brands = (inputs[0] as JudgeInput).brands;
      // A re-score batch is judged against one brand set: sent once per slice.
      if (inputs.some((i) => i.brands !== brands)) throw new Error('A judge batch mixes brand sets');
      const items = inputs.map(({ brands: _b, ...rest }) => rest);
      const slices = sliceByLength(items, pool.length);
      const parts = await Promise.all(
        slices.map((slice, i) => (pool[i] as JudgeThread).judge({ brands, items: slice })),
      );
      return { compact: parts.flat() };
    },
    async packDocs(docs) {
      if (docs.length === 0) return [];
      const slices = sliceByLength(
        docs.map((doc) => ({ doc, text: doc.rawJson ?? doc.text })),
        pool.length,
      );
      const parts = await Promise.all(
        slices.map((slice, i) => (pool[i] as JudgeThread).pack(slice.map((s) => s.doc))),
      );
      return parts.flat();
    },
    async analyseAhead(brands, answers) {
      if (answers.length === 0) return [];
      const slices = sliceByLength(answers, pool.length);
      const parts = await Promise.all(
        slices.map((slice, i) => (pool[i] as JudgeThread).analyse({ brands, answers: slice })),
      );
      return parts.flat();
    },
    async close() {
      await Promise.all(pool.map((t) => t.stop()));
    },
  };
}

/** The pool a sync's pull prepares answers on (sync/ahead-threads.ts): one thread fewer than the cores. */
export function startAheadPool(script: WorkerScript): JudgePool {
  return createBuiltinJudgePool(script, Math.max(1, judgeThreadCount() - 1));
}
