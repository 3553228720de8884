import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

// A log file's identity by content, not by name: its size and its first and last MiB (as stored,
// compressed or not). A copy or a renamed file is the same file; a log that grew is a new one.
// Reading 2 MiB stays instant on a 10 GB file, where hashing it whole would take a minute.

const SPAN = 1 << 20;

export function fileFingerprint(path: string): { fingerprint: string; bytes: number } {
  const fd = openSync(path, 'r');
  try {
    const bytes = fstatSync(fd).size;
    const hash = createHash('sha256').update(String(bytes));
    const buffer = Buffer.alloc(Math.min(SPAN, bytes));
    hash.update(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)));
    if (bytes > SPAN)
      hash.update(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, bytes - buffer.length)));
    return { fingerprint: hash.digest('hex'), bytes };
  } finally {
    closeSync(fd);
  }
}
