import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';

// Where a streamed export goes: a file beside the target named `<target>.partial`, renamed
// over the target only when the export is complete. A failed or canceled export removes the
// partial file; a killed process leaves at most the `.partial`, never half a file under the
// name the user chose. Text and bytes are gathered into chunks of about 1 MB (one write per row
// would cost a syscall and a callback each), each chunk's pieces leave in one writev, and each
// write waits for the disk when its buffer is full, so memory stays flat whatever the run's size.

const CHUNK_SIZE = 1024 * 1024;

export interface FileSink {
  /** The partial file's path (for writers that open the file themselves, e.g. ExcelJS). */
  readonly partialPath: string;
  /** Text (written as UTF-8) or bytes already encoded. */
  write(chunk: string | Uint8Array): Promise<void>;
  /** Flushes, closes and renames the partial file to the target; returns the bytes written. */
  commit(): Promise<number>;
  /** Closes and deletes the partial file (safe to call after a failure, and twice). */
  abort(): Promise<void>;
}

export const partialPathOf = (target: string): string => `${target}.partial`;

async function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  const closed = once(stream, 'close');
  stream.end();
  await closed;
}

/**
 * The pieces as they are written: consecutive texts joined into one string (rows of a CSV are
 * many short strings), bytes left as they are. Joining bytes copied every chunk a JSON export's
 * threads send (about 1 MB each) into fresh memory once more before writing it; written side by
 * side instead, they leave in one writev.
 */
function writePieces(pieces: ReadonlyArray<string | Uint8Array>): Array<string | Uint8Array> {
  const out: Array<string | Uint8Array> = [];
  let texts: string[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') texts.push(piece);
    else {
      if (texts.length > 0) out.push(texts.join(''));
      texts = [];
      out.push(piece);
    }
  }
  if (texts.length > 0) out.push(texts.join(''));
  return out;
}

/** A text sink over a write stream to the partial file, mode 0600 (answers are private data). */
export function openFileSink(target: string): FileSink {
  const partialPath = partialPathOf(target);
  const stream = createWriteStream(partialPath, { mode: 0o600 });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  let pending: Array<string | Uint8Array> = [];
  let pendingSize = 0;

  const flush = async (): Promise<void> => {
    if (failure) throw failure;
    if (pending.length === 0) return;
    const pieces = writePieces(pending);
    pending = [];
    pendingSize = 0;
    // Corked, the pieces go to the file in one writev (fs.WriteStream's _writev).
    let room = true;
    stream.cork();
    for (const piece of pieces) room = stream.write(piece);
    stream.uncork();
    // once() rejects when the stream emits 'error' meanwhile.
    if (!room) await once(stream, 'drain');
    if (failure) throw failure;
  };

  return {
    partialPath,
    async write(chunk) {
      pending.push(chunk);
      pendingSize += chunk.length;
      if (pendingSize >= CHUNK_SIZE) await flush();
    },
    async commit() {
      await flush();
      await closeStream(stream);
      if (failure) throw failure;
      await rename(partialPath, target);
      return stream.bytesWritten;
    },
    abort: async () => {
      pending = [];
      await closeStream(stream).catch(() => undefined);
      await rm(partialPath, { force: true });
    },
  };
}

/** Commits a file written by someone else at the partial path (ExcelJS's own stream). */
export async function commitPartial(target: string): Promise<void> {
  await rename(partialPathOf(target), target);
}
