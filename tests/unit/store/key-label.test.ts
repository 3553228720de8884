import { describe, expect, it } from 'vitest';
import { isMaskedKeyLabel, maskKeyLabel } from '../../../src/core/history/runs';

describe('key labels', () => {
  it('masks a key to its prefix and last four characters', () => {
    expect(maskKeyLabel('sk_live_9f8e7d6c5b4a3210abcd')).toBe('sk_\u2026abcd');
    expect(maskKeyLabel('0123456789abcdef')).toBe('\u2026cdef');
    expect(maskKeyLabel('short')).toBe('\u2026');
  });
  it('accepts only masked labels or sandbox', () => {
    expect(isMaskedKeyLabel(maskKeyLabel('sk_live_9f8e7d6c5b4a3210abcd'))).toBe(true);
    expect(isMaskedKeyLabel('sandbox')).toBe(true);
    expect(isMaskedKeyLabel('sk_live_9f8e7d6c5b4a3210abcd')).toBe(false);
    expect(isMaskedKeyLabel('sk_\u2026abcdefgh')).toBe(false);
    expect(isMaskedKeyLabel('sk_live_9f8e7d6c5b\u2026abcd')).toBe(false);
  });
});
