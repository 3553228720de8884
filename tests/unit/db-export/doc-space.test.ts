import { describe, expect, it } from 'vitest';
import { docSpace } from '../../../src/core/outputs/db-export/doc-space';
import { finished } from 'node:stream/promises';
import { createZstdCompress } from 'node:zlib';
import { decompressBytes, frameContentSize, packDoc, type ResultDoc } from '../../../src/core/history/codec';

// The space the Parquet writer decompresses a chunk's documents into: every document's parts
// stay as given until the space is reused (also when it grows mid-chunk: the views given before
// keep the old buffer), a reuse starts over in the same buffer, and a frame that records no
// size is decompressed on its own.

const doc = (n: number): ResultDoc => ({
  text: `answer ${n} ${'é'.repeat(n * 40)}`,
  sourceTitles: `title ${n}`,
  markdown: n % 3 === 0 ? null : `**answer ${n}**`,
  rawJson: `{"n":${n}}`,
  searchQueriesJson: '[]',
});
/** A document's bytes as stored before compression. */
const packedBytes = (d: ResultDoc): Buffer => decompressBytes(packDoc(d, { verify: true }));
const text = (part: Buffer | null | undefined): string | null => part?.toString('utf8') ?? null;

describe('doc space', () => {
  it('keeps every part of a chunk as given, across growth, and reuses its buffer', () => {
    const space = docSpace(256);
    const packed = Array.from({ length: 40 }, (_, n) => packDoc(doc(n), { verify: true }));
    const chunk = packed.map((p) => space.unpack(p));
    chunk.forEach((parts, n) => {
      expect(text(parts[0])).toBe(doc(n).text);
      expect(text(parts[2])).toBe(doc(n).markdown);
    });
    // Grown several times past 256 bytes, each buffer shared by the documents after its growth
    // (compared by identity: a failed toBe would print whole buffers).
    const buffers = new Set(chunk.map((parts) => parts[0]?.buffer));
    expect(buffers.size).toBeGreaterThan(1);
    expect(buffers.size).toBeLessThan(20);
    const last = chunk[39]?.[0] as Buffer;

    space.reuse();
    const again = space.unpack(packed[5] as Buffer);
    expect(text(again[0])).toBe(doc(5).text);
    expect(again[0]?.buffer === last.buffer).toBe(true);
  });

  it('decompresses a frame that records no size on its own', async () => {
    // A streamed frame (its input given in two writes) does not record its size.
    const bytes = packedBytes(doc(7));
    const z = createZstdCompress();
    const frames: Buffer[] = [];
    z.on('data', (c: Buffer) => frames.push(c));
    z.write(bytes.subarray(0, 10));
    z.end(bytes.subarray(10));
    await finished(z);
    const unsized = Buffer.concat(frames);
    expect(frameContentSize(unsized)).toBeNull();
    const parts = docSpace().unpack(unsized);
    expect(text(parts[0])).toBe(doc(7).text);
    expect(text(parts[1])).toBe(doc(7).sourceTitles);
  });
});
