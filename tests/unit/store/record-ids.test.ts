import { describe, expect, it } from 'vitest';
import { newRecordId } from '../../../src/core/history';

// The ids of new records are time-ordered UUIDs (version 7), so the indexes of ids take new
// ones at their end: ids made one after another, many within one millisecond, sort in the
// order they were made, as SQLite compares TEXT (byte by byte).

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;

describe('newRecordId', () => {
  it('makes standard version-7 UUIDs, each different', () => {
    const ids = Array.from({ length: 10_000 }, newRecordId);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts ids in the order they were made, within a millisecond too', () => {
    const ids = Array.from({ length: 10_000 }, newRecordId);
    const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(sorted).toEqual(ids);
  });

  it('begins with the time it was made', () => {
    const before = Date.now();
    const id = newRecordId();
    const after = Date.now();
    const ms = Number.parseInt(id.replace(/-/gu, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });
});
