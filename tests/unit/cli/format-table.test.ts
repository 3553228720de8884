import { describe, expect, it } from 'vitest';
import { clip, formatTable, singleLine } from '../../../src/cli/core';

// The CLI's text tables: every cell on one line, columns padded to the widest cell, long
// texts clipped with an ellipsis. Checked against the plain definitions on generated texts.

function plainClip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Texts of words, runs of spaces, tabs, newlines and no-break spaces, from a fixed seed. */
function texts(count: number): string[] {
  let seed = 42;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pieces = ['word', 'a', ' ', '  ', '\t', '\n', '\u00a0', ' \n ', 'longerword'];
  return Array.from({ length: count }, () =>
    Array.from({ length: next(60) }, () => pieces[next(pieces.length)]).join(''),
  );
}

describe('clip', () => {
  it('flattens whitespace and clips exactly as the plain definition does', () => {
    for (const text of texts(2000))
      for (const max of [1, 5, 30, 70]) expect(clip(text, max)).toBe(plainClip(text, max));
  });
});

describe('singleLine', () => {
  it('turns every run of whitespace into one space, as /\\s+/g does', () => {
    for (const text of texts(2000)) expect(singleLine(text)).toBe(text.replace(/\s+/g, ' '));
    expect(singleLine(12)).toBe('12');
  });
});

describe('formatTable', () => {
  it('puts each cell on one line and pads every column to its widest cell', () => {
    const table = formatTable(
      ['#', 'Answer'],
      [
        [1, 'two\nlines'],
        [22, 'tab\there  and  spaces'],
      ],
    );
    expect(table.split('\n')).toEqual([
      '#   Answer',
      '--  -------------------',
      '1   two lines',
      '22  tab here and spaces',
    ]);
  });
});
