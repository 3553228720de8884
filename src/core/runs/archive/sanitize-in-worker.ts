import { Worker } from 'node:worker_threads';
import type { SanitizeReply, SanitizeRequest } from './sanitize-worker';

/** Strips a downloaded page (see ./sanitize); the archiver awaits it. */
export type PageSanitizer = (html: string) => Promise<string>;

export interface WorkerSanitizer {
  sanitize: PageSanitizer;
  /** Ends the worker; pages still being stripped reject and stay pending in the history. */
  close(): Promise<void>;
}

interface Pending {
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

/**
 * Runs sanitize-worker (its built file: the shell gets the path from electron-vite's
 * ?modulePath import) on a thread of its own, started on the first page and kept for the next
 * ones. A worker that dies fails the pages it held; the next page starts a new one.
 */
export function createWorkerSanitizer(workerFile: string): WorkerSanitizer {
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const fresh = new Worker(workerFile);
    // An idle sanitiser must not keep a quitting process alive.
    fresh.unref();
    fresh.on('message', ({ id, ...reply }: SanitizeReply) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (reply.ok) waiting.resolve(reply.html);
      else waiting.reject(new Error(`The page could not be stripped: ${reply.message}`));
    });
    const lost = (error: Error): void => {
      if (worker === fresh) worker = null;
      failAll(error);
    };
    fresh.on('error', (error) => lost(error));
    fresh.on('exit', (code) => lost(new Error(`The page sanitiser stopped (exit code ${code}).`)));
    worker = fresh;
    return fresh;
  }

  return {
    sanitize(html) {
      if (closed) return Promise.reject(new Error('The page sanitiser is closed.'));
      const id = nextId++;
      const request: SanitizeRequest = { id, html };
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().postMessage(request);
      });
    },
    async close() {
      closed = true;
      const running = worker;
      worker = null;
      failAll(new Error('The page sanitiser is closed.'));
      // The sanitiser only strips HTML (sanitize-html) and never opens a database.
      // eslint-disable-next-line no-restricted-syntax
      if (running) await running.terminate();
    },
  };
}
