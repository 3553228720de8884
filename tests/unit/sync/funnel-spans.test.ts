import { describe, expect, it } from 'vitest';
import type { FunnelDay } from '../../../src/core/outcomes';
import { funnelSpans } from '../../../src/core/team/sync/push-funnel';

// The shared funnel days go in calls the server takes: spans of days that together cover the
// whole window (so every day's old rows are replaced, even a day with none now), a day's rows
// never split, and a day with more rows than a call takes keeps its strongest pages.

const row = (day: string, page: string, crawledHits = 1): FunnelDay => ({
  day,
  site: 'acme.example',
  engine: 'assistant-a',
  page,
  crawledHits,
  referredSessions: 0,
  keyEvents: 0,
});

const days = (rows: FunnelDay[]): string[] => [...new Set(rows.map((r) => r.day))];

describe('funnelSpans', () => {
  it('cuts the window into contiguous spans of at most max rows, a day kept whole', () => {
    const rows = [
      row('2026-11-01', '/a'),
      row('2026-11-01', '/b'),
      row('2026-11-01', '/c'),
      row('2026-11-02', '/a'),
      row('2026-11-02', '/b'),
      row('2026-11-04', '/a'),
      row('2026-11-04', '/b'),
      row('2026-11-04', '/c'),
    ];
    const { spans, leftOut } = funnelSpans(rows, '2026-10-01', '2026-11-20', 4);
    expect(leftOut).toBe(0);
    expect(spans.map((s) => [s.first, s.last, days(s.rows), s.rows.length])).toEqual([
      ['2026-10-01', '2026-11-01', ['2026-11-01'], 3],
      ['2026-11-02', '2026-11-03', ['2026-11-02'], 2],
      ['2026-11-04', '2026-11-20', ['2026-11-04'], 3],
    ]);
    expect(spans.flatMap((s) => s.rows)).toEqual(rows);
  });

  it('sends one empty span over the whole window when there is nothing (clearing it)', () => {
    expect(funnelSpans([], '2026-10-01', '2026-11-20', 4)).toEqual({
      spans: [{ first: '2026-10-01', last: '2026-11-20', rows: [] }],
      leftOut: 0,
    });
  });

  it('keeps the strongest pages of a day with more rows than a call takes, and counts the rest', () => {
    const busy = [row('2026-11-05', '/a', 1), row('2026-11-05', '/b', 9), row('2026-11-05', '/c', 5)];
    const { spans, leftOut } = funnelSpans([row('2026-11-04', '/z'), ...busy], '2026-11-01', '2026-11-06', 2);
    expect(leftOut).toBe(1);
    expect(spans.map((s) => [s.first, s.last, s.rows.map((r) => r.page)])).toEqual([
      ['2026-11-01', '2026-11-04', ['/z']],
      ['2026-11-05', '2026-11-06', ['/b', '/c']],
    ]);
  });
});
