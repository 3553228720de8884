import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import type { VisibilityBuckets } from '../../../src/shared/visibility/types';
import { heatmapSection } from '../../../src/core/outputs/reports/html-heatmap';
import { parseReportHtml } from '../../support/report-html';

// The client report's "place × AI engine" heatmap: the longer of places and engines runs down
// the page, so two places on every engine (the preview demo) fit the page's width as six places
// on one engine (the spec demo) do; engines in the catalog's order; every cell keeps its place,
// engine and value whichever way the table is turned.

const FOCUS = { id: 'b1', name: 'Veloxa', kind: 'brand' as const, domains: ['veloxa.com'] };
const rate = (value: number, n = 240) => ({
  value,
  k: Math.round(value * n),
  n,
  lower: value - 0.05,
  upper: value + 0.05,
});
const mean = { value: 2, n: 10, lower: 1.5, upper: 2.5 };

function rowsOf(locations: string[], engines: readonly string[]): VisibilityBuckets['rows'] {
  return locations.flatMap((location, i) =>
    engines.map((engine, j) => ({
      brandId: FOCUS.id,
      answers: 240,
      mentionRate: rate((i * engines.length + j) / 100),
      citationRate: rate(0.1),
      avgPosition: mean,
      shareOfVoice: rate(0.2),
      bucket: { location, engine },
    })),
  );
}

function heatmapOf(rows: VisibilityBuckets['rows']) {
  const html = heatmapSection({
    focus: FOCUS,
    heatmap: {
      period: {
        from: '2026-10-28',
        to: '2026-11-26',
        days: 30,
        previous: { from: '2026-09-28', to: '2026-10-27' },
      },
      by: ['location', 'engine'],
      rows,
      runLabels: {},
      empty: null,
    },
    labels: {},
  });
  const doc = parseReportHtml(`<!doctype html><body>${html}</body>`);
  const head = Array.from(doc.querySelectorAll('#heatmap thead th')).map((th) => th.textContent);
  const down = Array.from(doc.querySelectorAll('#heatmap tbody th')).map((th) => th.textContent);
  return { doc, head, down };
}

describe('the report heatmap', () => {
  it('runs places down the page when there are more of them than engines', () => {
    const { head, down } = heatmapOf(rowsOf(['US', 'GB', 'DE', 'FR', 'JP', 'US-CA'], ['assistant-a']));
    expect(head).toEqual(['Location', 'Assistant A']);
    expect(down).toHaveLength(6);
  });

  it('runs every engine down the page, in the catalog order, when there are more engines than places', () => {
    const reversed = [...ENGINE_NAMES].reverse();
    const rows = rowsOf(['US', 'DE'], reversed);
    const { doc, head, down } = heatmapOf(rows);
    expect(head).toEqual(['Engine', 'Germany', 'United States']);
    expect(down).toEqual([
      'Assistant A',
      'Assistant B',
      'Assistant C',
      'Assistant D',
      'Assistant E',
      'Web search',
      'News search',
      'Search AI mode',
    ]);
    // Each cell is still the value of its own place and engine.
    for (const r of rows) {
      const td = doc.querySelector(
        `#heatmap td[data-location="${r.bucket.location}"][data-engine="${r.bucket.engine}"]`,
      );
      expect(Number(td?.getAttribute('data-value'))).toBe(r.mentionRate.value);
    }
    // The row of Web search holds its two places, Germany first as in the header.
    const web = Array.from(doc.querySelectorAll('#heatmap tbody tr'))[5];
    expect(
      Array.from(web?.querySelectorAll('td') ?? []).map((td) => td.getAttribute('data-location')),
    ).toEqual(['DE', 'US']);
  });
});
