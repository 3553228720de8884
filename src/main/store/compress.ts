import { constants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';

// One compress/decompress pair for every large text the history keeps (raw JSON answers,
// archived pages): zstd from node:zlib (Node >= 22.15), so no native dependency is added.
//
// Level 4, measured on 2,000 answer documents (the raw JSON with the texts taken from it,
// ~12.8 KB each; see result-doc.ts): 1,985 bytes and 153 µs a document, against level 3's 2,105
// bytes and 161-165 µs; level 6 saves 2 % more bytes for 20 % more CPU, and ingest runs on the
// main process at every job. Decompression speed does not depend on the level. The input size
// is pledged so zstd sizes its window and tables to the answer instead of to its level's
// maximum (most of the cost of a small call), and the frame records the size.
//
// What an upgrade compresses (text stored before) is checked by decompressing it before it is
// stored, so a blob replacing stored text always gives back its exact bytes; a fresh answer at
// ingest skips that check (its bytes are not stored anywhere else, and the check cost as much as
// a fifth of the compression on the run engine's path).

const LEVEL = 4;

const options = (size: number) => ({
  pledgedSrcSize: size,
  params: { [constants.ZSTD_c_compressionLevel]: LEVEL },
});

export class CompressionError extends Error {
  override name = 'CompressionError';
}

/**
 * zstd frame of the UTF-8 text. With verify (the default) throws CompressionError if it would
 * not give the text back.
 */
export function compressText(text: string, { verify = true }: { verify?: boolean } = {}): Buffer {
  const input = Buffer.from(text, 'utf8');
  const packed = zstdCompressSync(input, options(input.length));
  if (verify && !zstdDecompressSync(packed).equals(input)) {
    throw new CompressionError('zstd round trip changed the text; nothing was stored');
  }
  return packed;
}

/** The text of a zstd frame written by compressText. */
export function decompressText(packed: Uint8Array): string {
  return zstdDecompressSync(packed).toString('utf8');
}

/** compressText for bytes (e.g. an archived page whose charset is not known). */
export function compressBytes(bytes: Uint8Array, { verify = true }: { verify?: boolean } = {}): Buffer {
  const packed = zstdCompressSync(bytes, options(bytes.length));
  if (verify && !zstdDecompressSync(packed).equals(bytes)) {
    throw new CompressionError('zstd round trip changed the bytes; nothing was stored');
  }
  return packed;
}

export function decompressBytes(packed: Uint8Array): Buffer {
  return zstdDecompressSync(packed);
}
