import { describe, expect, it } from 'vitest';
import {
  compressBytes,
  compressText,
  decompressBytes,
  decompressText,
} from '../../../src/main/store/compress';

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
