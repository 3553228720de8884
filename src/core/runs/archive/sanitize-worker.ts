import { parentPort } from 'node:worker_threads';
import { sanitizeArchivedPage } from './sanitize';

// Strips archived pages off the app's main thread: a 5 MB page takes sanitize-html seconds,
// and the main process must keep answering the window meanwhile. One request per message,
// answered by its id (requests from several downloads are in flight at once).

export interface SanitizeRequest {
  id: number;
  html: string;
}

export type SanitizeReply =
  { id: number; ok: true; html: string } | { id: number; ok: false; message: string };

parentPort?.on('message', ({ id, html }: SanitizeRequest) => {
  let reply: SanitizeReply;
  try {
    reply = { id, ok: true, html: sanitizeArchivedPage(html) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
