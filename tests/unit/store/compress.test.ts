import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  constants as zlibConstants,
  zstdCompressSync,
  zstdDecompressSync,
  type ZstdCompress,
} from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compressBytes,
  compressText,
  decompressBytes,
  decompressText,
  frameContentSize,
  keptZstd,
} from '../../../src/core/history/codec';

describe('compress', () => {
  it('gives back the exact text, in every script, and is smaller for repetitive JSON', () => {
    const text = JSON.stringify({
      result: { text: 'Die besten Laufschuhe für Anfänger — ランニング 東京 😀 '.repeat(40), sources: [] },
    });
    const packed = compressText(text);
    expect(packed.length).toBeLessThan(Buffer.byteLength(text) / 5);
    expect(decompressText(packed)).toBe(text);
  });

  it('keeps empty text and arbitrary bytes', () => {
    expect(decompressText(compressText(''))).toBe('');
    const bytes = Buffer.from([0, 255, 1, 254, 0x80, 0x81, 10, 13]);
    expect(decompressBytes(compressBytes(bytes)).equals(bytes)).toBe(true);
  });

  it('refuses bytes that are not a zstd frame', () => {
    expect(() => decompressText(Buffer.from('not compressed'))).toThrow();
  });
});

/**
 * What a read gives: its bytes, or the message it throws (a frame cut short: Node 22 gives what it
 * decoded, Node 24 throws).
 */
function outcome(read: () => Buffer): { bytes: string } | { error: string } {
  try {
    return { bytes: read().toString('hex') };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

describe('kept zstd contexts', () => {
  // Answer-like documents, each distinct, of words in a seeded random order: a context that
  // kept state from one frame into the next, or lost its level (as node:zlib's reset() does),
  // writes other bytes for them.
  const words =
    'the best running shoes for beginners cushioning trail road marathon brand price review stability 2026 ランニング Laufschuhe'.split(
      ' ',
    );
  let seed = 7;
  const nextWord = (): string => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return words[(seed >>> 16) % words.length] as string;
  };
  const docs = Array.from({ length: 40 }, (_, i) =>
    Buffer.from(
      JSON.stringify({
        result: {
          text: Array.from({ length: 200 + 40 * i }, nextWord).join(' '),
          sources: Array.from({ length: i % 12 }, (_, k) => ({
            url: `https://example${k}.com/${nextWord()}`,
          })),
        },
      }),
    ),
  );
  const level4 = { [zlibConstants.ZSTD_c_compressionLevel]: 4 };

  it('writes the same frames as node:zlib one-shot call at level 4, frame after frame', () => {
    const level3 = { [zlibConstants.ZSTD_c_compressionLevel]: 3 };
    // The documents tell the levels apart (else this test could not see a lost level).
    expect(
      docs.filter(
        (d) => !zstdCompressSync(d, { params: level3 }).equals(zstdCompressSync(d, { params: level4 })),
      ).length,
    ).toBeGreaterThan(30);
    for (const doc of docs) {
      const packed = compressBytes(doc, { verify: false });
      expect(packed.equals(zstdCompressSync(doc, { pledgedSrcSize: doc.length, params: level4 }))).toBe(true);
      expect(zstdDecompressSync(packed).equals(doc)).toBe(true);
      expect(decompressBytes(packed).equals(doc)).toBe(true);
    }
  });

  it('round-trips an input larger than its output space, both ways', () => {
    // Incompressible bytes: the frame, like the text, spans several 64 KB chunks.
    const noise = randomBytes(300_000);
    const packed = compressBytes(noise);
    expect(packed.length).toBeGreaterThan(65_536);
    expect(zstdDecompressSync(packed).equals(noise)).toBe(true);
    const text = 'ランニングシューズ 😀 '.repeat(40_000);
    expect(decompressText(compressText(text))).toBe(text);
  });

  it('reads what the one-shot call wrote, and keeps working after a broken or truncated frame', () => {
    const doc = docs[7] as Buffer;
    const oneShot = zstdCompressSync(doc);
    expect(decompressBytes(oneShot).equals(doc)).toBe(true);
    expect(() => decompressBytes(Buffer.from('not a zstd frame at all'))).toThrow(/frame/i);
    const truncated = oneShot.subarray(0, oneShot.length - 5);
    expect(outcome(() => decompressBytes(truncated))).toEqual(outcome(() => zstdDecompressSync(truncated)));
    // The context was rebuilt (error) or reset (truncation): the next frames read whole.
    for (const d of docs.slice(0, 5)) expect(decompressBytes(compressBytes(d)).equals(d)).toBe(true);
  });

  it("reads a frame's recorded size, and keeps working after a truncated frame that records one", () => {
    for (const d of [...docs.slice(0, 3), Buffer.alloc(0), randomBytes(70_000)]) {
      expect(frameContentSize(compressBytes(d))).toBe(d.length);
    }
    expect(frameContentSize(Buffer.from('not a zstd frame at all'))).toBeNull();
    const packed = compressBytes(docs[3] as Buffer);
    const truncated = packed.subarray(0, packed.length - 5);
    const read = outcome(() => decompressBytes(truncated));
    expect(read).toEqual(outcome(() => zstdDecompressSync(truncated)));
    expect(read).not.toEqual({ bytes: (docs[3] as Buffer).toString('hex') });
    // Short of its recorded size, the frame left the context mid-frame: it was reset.
    for (const d of docs.slice(0, 5)) expect(decompressBytes(compressBytes(d)).equals(d)).toBe(true);
  });

  it('keeps working after a checksummed frame cut just before its checksum (all its content given)', () => {
    const doc = docs[6] as Buffer;
    const checked = zstdCompressSync(doc, { params: { [zlibConstants.ZSTD_c_checksumFlag]: 1 } });
    expect(decompressBytes(checked).equals(doc)).toBe(true);
    const withoutChecksum = checked.subarray(0, checked.length - 4);
    expect(frameContentSize(withoutChecksum)).toBe(doc.length);
    // The cut frame gives its whole recorded size, yet its decompressor still waits for the
    // checksum: without a reset, the next frame's first bytes would be read as that checksum.
    expect(outcome(() => decompressBytes(withoutChecksum))).toEqual(
      outcome(() => zstdDecompressSync(withoutChecksum)),
    );
    for (const d of docs.slice(0, 5)) expect(decompressBytes(compressBytes(d)).equals(d)).toBe(true);
  });

  it('decompresses into given space when the output fits with a byte to spare, else into a buffer of its own', () => {
    const doc = docs[2] as Buffer;
    const packed = compressBytes(doc);
    const space = Buffer.alloc(doc.length + 100, 0xee);
    const into = decompressBytes(packed, space.subarray(10));
    expect(into.equals(doc)).toBe(true);
    expect(into.buffer).toBe(space.buffer);
    expect(into.byteOffset).toBe(space.byteOffset + 10);
    // Exactly the size (no byte to spare) and too small: the frame is decoded afresh elsewhere,
    // and the context is left ready for the next frame.
    for (const size of [doc.length, doc.length - 1]) {
      const tight = Buffer.alloc(size);
      const own = decompressBytes(packed, tight);
      expect(own.equals(doc)).toBe(true);
      expect(own.buffer).not.toBe(tight.buffer);
    }
    for (const d of docs.slice(0, 5)) {
      expect(decompressBytes(compressBytes(d), Buffer.alloc(d.length + 1)).equals(d)).toBe(true);
    }
  });

  it('falls back to the one-shot function where the stream lacks the internals it drives', () => {
    const calls: number[] = [];
    const run = keptZstd(
      () => new PassThrough() as unknown as ZstdCompress,
      (input) => {
        calls.push(input.length);
        return zstdCompressSync(input);
      },
      { resetAfterEach: false },
    );
    const doc = docs[3] as Buffer;
    expect(zstdDecompressSync(run(doc)).equals(doc)).toBe(true);
    expect(zstdDecompressSync(run(doc)).equals(doc)).toBe(true);
    expect(calls).toEqual([doc.length, doc.length]);
  });
});
