import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';

// Where a streamed export goes: a file beside the target named `<target>.partial`, renamed
// over the target only when the export is complete. A failed or canceled export removes the
// partial file; a killed process leaves at most the `.partial`, never half a file under the
// name the user chose. Text is gathered into chunks of about 256 KB (one write per row would
// cost a syscall and a callback each) and each write waits for the disk when its buffer is full,
// so memory stays flat whatever the run's size.

const CHUNK_CHARS = 256 * 1024;

export interface FileSink {
  /** The partial file's path (for writers that open the file themselves, e.g. ExcelJS). */
  readonly partialPath: string;
  write(text: string): Promise<void>;
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

/** A text sink over a write stream to the partial file, mode 0600 (answers are private data). */
export function openFileSink(target: string): FileSink {
  const partialPath = partialPathOf(target);
  const stream = createWriteStream(partialPath, { mode: 0o600 });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  let pending: string[] = [];
  let pendingChars = 0;

  const flush = async (): Promise<void> => {
    if (failure) throw failure;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    // once() rejects when the stream emits 'error' meanwhile.
    if (!stream.write(text)) await once(stream, 'drain');
    if (failure) throw failure;
  };

  return {
    partialPath,
    async write(text) {
      pending.push(text);
      pendingChars += text.length;
      if (pendingChars >= CHUNK_CHARS) await flush();
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
