import {
  constants,
  createZstdCompress,
  createZstdDecompress,
  zstdCompressSync,
  zstdDecompressSync,
} from 'node:zlib';
import { keptZstd } from './zstd-context';

// One compress/decompress pair for every large text the history keeps (raw JSON answers,
// archived pages): zstd from node:zlib (Node >= 22.15), so no native dependency is added.
//
// Level 4, measured on 2,000 answer documents (the raw JSON with the texts taken from it,
// ~12.8 KB each; see result-doc.ts): 1,985 bytes and 153 µs a document, against level 3's 2,105
// bytes and 161-165 µs; level 6 saves 2 % more bytes for 20 % more CPU, and ingest runs on the
// main process at every job. Decompression speed does not depend on the level.
//
// Each thread keeps one compression and one decompression context for all its calls
// (zstd-context.ts) rather than node:zlib's one-shot functions, which set up a stream and a
// context per call: 102 -> 24 µs to compress a run engine's answer document, 38 -> 27 µs to
// read one. A frame is given its whole input in one call, so zstd knows its size as if it had
// been pledged (it sizes its window and tables to the answer and records the size): the frames
// are the same bytes as the one-shot call's.
//
// What an upgrade compresses (text stored before) is checked by decompressing it before it is
// stored, so a blob replacing stored text always gives back its exact bytes; a fresh answer at
// ingest skips that check (its bytes are not stored anywhere else, and the check cost as much as
// a fifth of the compression on the run engine's path).

const LEVEL = 4;

const params = { [constants.ZSTD_c_compressionLevel]: LEVEL };

/** The zstd frame of some bytes. */
const zstd = keptZstd(
  () => createZstdCompress({ params }),
  (bytes) => zstdCompressSync(bytes, { pledgedSrcSize: bytes.length, params }),
  { resetAfterEach: false },
);

/** The bytes of a zstd frame. */
const unzstd = keptZstd(
  () => createZstdDecompress(),
  (packed) => zstdDecompressSync(packed),
  { resetAfterEach: true },
);

export class CompressionError extends Error {
  override name = 'CompressionError';
}

/**
 * zstd frame of the UTF-8 text. With verify (the default) throws CompressionError if it would
 * not give the text back.
 */
export function compressText(text: string, { verify = true }: { verify?: boolean } = {}): Buffer {
  const input = Buffer.from(text, 'utf8');
  const packed = zstd(input);
  if (verify && !unzstd(packed).equals(input)) {
    throw new CompressionError('zstd round trip changed the text; nothing was stored');
  }
  return packed;
}

/** The text of a zstd frame written by compressText. */
export function decompressText(packed: Uint8Array): string {
  return unzstd(packed).toString('utf8');
}

/** compressText for bytes (e.g. an archived page whose charset is not known). */
export function compressBytes(bytes: Uint8Array, { verify = true }: { verify?: boolean } = {}): Buffer {
  const packed = zstd(bytes);
  if (verify && !unzstd(packed).equals(bytes)) {
    throw new CompressionError('zstd round trip changed the bytes; nothing was stored');
  }
  return packed;
}

/**
 * The bytes of a zstd frame; with `into`, written into that space when they fit with a byte to
 * spare (a view of it is returned: valid until the caller reuses the space), else a buffer of
 * their own.
 */
export function decompressBytes(packed: Uint8Array, into?: Buffer): Buffer {
  return unzstd(packed, into);
}
