import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnType } from '../../../src/core/history';
import { binaryArray, PG_ARRAY, type ParamValue } from '../../../src/core/team/sync/pg-binary-array';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';

// A push sends each column as one array in PostgreSQL's binary format. A real server reads every
// element type back here, with what the text format had to escape (quotes, backslashes, braces,
// commas, the word NULL) and what it had to spell out (bytes, -0, extremes), so an element written
// one byte off, or under the wrong type, fails here rather than in a teammate's history.

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
});
afterAll(async () => {
  await server.close();
});

/**
 * The elements as the server unnests them, in order (int8 as text: node-postgres's default), cast
 * as a push casts the column, so a cast and an element type that disagree fail here.
 */
async function roundTrip(type: ColumnType, values: ParamValue[], select = 'v'): Promise<unknown[]> {
  const result = await server.query<{ v: unknown }>(
    `SELECT ${select} AS v FROM unnest($1::${PG_ARRAY[type].cast}) WITH ORDINALITY AS u(v, i) ORDER BY i`,
    [binaryArray(type, values)],
  );
  return result.rows.map((row) => row.v);
}

describe('a push column as a binary array parameter', () => {
  it('carries texts as they are, whatever the text format had to escape', async () => {
    const texts = [
      '',
      'quote " backslash \\ braces {a,b} comma,',
      'NULL',
      null,
      'Veloxa — 日本語のレビュー 😀',
      'x'.repeat(200_000),
    ];
    expect(await roundTrip('text', texts)).toEqual(texts);
  });

  it('carries JSON texts the server reads as jsonb, and list columns as their JSON', async () => {
    const doc = { text: 'the "best" shoe \\ n', sources: [{ url: 'https://a.example/?q={x}' }], n: 1.5 };
    expect(await roundTrip('json', [JSON.stringify(doc), null], 'v::jsonb')).toEqual([doc, null]);
    expect(await roundTrip('text[]', [JSON.stringify(['a,b', '"c"'])], 'v::jsonb')).toEqual([['a,b', '"c"']]);
  });

  it('carries bytes as bytes', async () => {
    const bytes = [Uint8Array.from([0, 255, 92, 34, 123]), new Uint8Array(0), null];
    const back = (await roundTrip('bytea', bytes)) as (Buffer | null)[];
    expect(back.map((b) => (b === null ? null : [...b]))).toEqual([[0, 255, 92, 34, 123], [], null]);
  });

  it('carries numbers and booleans at their extremes', async () => {
    expect(await roundTrip('int', [0, -1, 2_147_483_647, -2_147_483_648, null, '42'])).toEqual([
      0,
      -1,
      2_147_483_647,
      -2_147_483_648,
      null,
      42,
    ]);
    expect(
      await roundTrip('bigint', [0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, null]),
    ).toEqual(['0', '-1', '9007199254740991', '-9007199254740991', null]);
    const reals = await roundTrip('real', [0, -0, -0.5, 1.5e300, 0.1, null, 3]);
    expect(reals).toEqual([0, -0, -0.5, 1.5e300, 0.1, null, 3]);
    expect(Object.is(reals[1], -0)).toBe(true);
    expect(await roundTrip('real', ['2.5', ' -1e3 '])).toEqual([2.5, -1000]);
    expect(await roundTrip('bool', [true, false, null])).toEqual([true, false, null]);
  });

  it('sends an empty column as an empty array', async () => {
    expect(await roundTrip('text', [])).toEqual([]);
  });

  it('refuses a value its column cannot hold, naming it, before anything is sent', () => {
    expect(() => binaryArray('int', [1.5])).toThrow(/a column of type int got "1.5", not an integer/);
    expect(() => binaryArray('bigint', ['soon'])).toThrow(/a column of type bigint got "soon"/);
    expect(() => binaryArray('real', ['1,5'])).toThrow(/a column of type real got "1,5", not a number/);
    // A blank text is no number (it is not 0), nor is a boolean or bytes in a number's column.
    expect(() => binaryArray('int', [''])).toThrow(/a column of type int got "", not an integer/);
    expect(() => binaryArray('bigint', [' '])).toThrow(/a column of type bigint got " ", not an integer/);
    expect(() => binaryArray('real', [''])).toThrow(/a column of type real got "", not a number/);
    expect(() => binaryArray('real', [true])).toThrow(/a column of type real got "true", not a number/);
    expect(() => binaryArray('real', [Uint8Array.from([7])])).toThrow(/a column of type real got "7"/);
  });
});
