import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

// ExcelJS's streaming writer hands each committed row's XML to the zip without backpressure:
// the sheet's buffer (64 KB chunks, ExcelJS's StreamBuf) passes them on to the zip entry's
// deflate stream whatever that stream holds already, and keeps them itself until the zip reaches
// the entry. Rows are read and turned into XML faster than they are deflated, so a large run's
// workbook gathered hundreds of megabytes of XML waiting in memory. The writer waits here, every
// page of rows, until the zip has caught up.

/** Rows written between two waits for the zip. */
export const ROWS_PER_PAGE = 250;
/** Chunks (64 KB) a sheet may hold before the zip has reached its entry. */
const MAX_WAITING_CHUNKS = 32;
const POLL_MS = 5;

/** The parts of ExcelJS's StreamBuf read here (not in its type definitions). */
interface SheetBuffer {
  buffers: unknown[];
  pipes: NodeJS.WritableStream[];
}

function isSheetBuffer(value: unknown): value is SheetBuffer {
  const v = value as Partial<SheetBuffer> | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.buffers) && Array.isArray(v.pipes);
}

/** Node's writable, or the readable-stream package's (the zip's), which keeps it in its state only. */
type Draining = NodeJS.WritableStream & {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
};

const needsDrain = (stream: Draining): boolean =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain === true;

/** The stream's drain, or its close (a zip that failed never drains). */
async function drainOrClose(stream: NodeJS.WritableStream): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: stop.signal }),
      once(stream, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

/** Resolves once the zip has taken the sheet's rows so far (at once if ExcelJS's shape is not the one known). */
export async function zipCaughtUp(sheet: object): Promise<void> {
  const buffer: unknown = (sheet as { stream?: unknown }).stream;
  if (!isSheetBuffer(buffer)) return;
  for (;;) {
    const behind = buffer.pipes.find((p) => needsDrain(p as Draining));
    if (behind) await drainOrClose(behind);
    else if (buffer.pipes.length === 0 && buffer.buffers.length > MAX_WAITING_CHUNKS) await sleep(POLL_MS);
    else return;
  }
}
