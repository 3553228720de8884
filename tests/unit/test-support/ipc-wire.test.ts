import { describe, expect, it } from 'vitest';
import { fromWire, toWire, WireError } from '../../support/ipc-wire';

// The e2e harness's IPC wire: what arrives in the page must be what Electron's structured
// clone would have delivered, or the call fails loudly.
describe('the e2e harness IPC wire (JSON text)', () => {
  it('carries plain answers unchanged', () => {
    const value = {
      ok: true,
      value: {
        rows: [{ n: 3, rate: 0.25, day: '2026-03-01', lower: null }],
        empty: null,
        nested: { a: [1, 'x'] },
      },
    };
    expect(fromWire(toWire(value))).toEqual(value);
  });

  it('drops an absent optional field as the clone leaves it undefined', () => {
    expect(fromWire(toWire({ a: 1, b: undefined }))).toEqual({ a: 1 });
  });

  it.each([
    ['a Date', { at: new Date(0) }],
    ['NaN', { rate: Number.NaN }],
    ['Infinity', { rate: Number.POSITIVE_INFINITY }],
    ['undefined in an array', { list: [1, undefined] }],
    ['a Map', { m: new Map([[1, 2]]) }],
    ['a Set', { s: new Set([1]) }],
    ['a typed array', { bytes: new Uint8Array([1]) }],
    ['a bigint', { big: 1n }],
  ])('refuses %s, which JSON would change', (_what, value) => {
    expect(() => toWire(value)).toThrow(WireError);
  });

  it('reads no payload as undefined and refuses a payload that is not text', () => {
    expect(fromWire(undefined)).toBeUndefined();
    expect(() => fromWire({ a: 1 })).toThrow(WireError);
  });
});
