import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import type { VisibilityBuckets } from '../../../src/shared/visibility/types';
import { engineBoardSection } from '../../../src/core/outputs/reports/html-engine-board';
import { engineBoardSheet } from '../../../src/core/outputs/reports/xlsx-engine-board';
import { parseReportHtml } from '../../support/report-html';

// The client report's "brands by AI engine": each brand's mention rate per engine side by side,
// engines down the page in the catalog's order under the profile's labels, the focus brand
// first across, each cell with its likely range and answers, thin ones marked "few".

const VELOXA = { id: 'b1', name: 'Veloxa', kind: 'brand' as const, domains: ['veloxa.com'] };
const PACER = { id: 'b2', name: 'Pacer & Co', kind: 'competitor' as const, domains: [] };
const rate = (k: number, n: number) => ({ value: k / n, k, n, lower: k / n - 0.05, upper: k / n + 0.05 });
const PERIOD = {
  from: '2026-10-28',
  to: '2026-11-26',
  days: 30,
  previous: { from: '2026-09-28', to: '2026-10-27' },
};

function bucketsOf(engines: readonly string[], n: (engine: string) => number): VisibilityBuckets {
  return {
    period: PERIOD,
    by: ['engine'],
    rows: engines.flatMap((engine, i) =>
      [VELOXA, PACER].map((b, j) => ({
        brandId: b.id,
        answers: n(engine),
        // Pacer is named more often overall, yet Veloxa (the focus) comes first.
        mentionRate: rate(Math.round(n(engine) * (j === 0 ? 0.2 : 0.6)), n(engine)),
        citationRate: rate(0, n(engine)),
        avgPosition: { value: 1 + i / 10, n: 5, lower: 1, upper: 2 },
        shareOfVoice: rate(1, 2),
        bucket: { engine },
      })),
    ),
    runLabels: {},
    empty: null,
  };
}

const sectionOf = (byEngine: VisibilityBuckets | undefined, labels = {}) =>
  parseReportHtml(
    `<!doctype html><body>${engineBoardSection({ focus: VELOXA, brands: [VELOXA, PACER], byEngine, labels })}</body>`,
  );

describe('the report’s brands by AI engine', () => {
  it('runs engines down in the catalog order, brands across with the focus first, each cell with range and answers', () => {
    const doc = sectionOf(
      bucketsOf([...ENGINE_NAMES].reverse(), (e) => (e === 'search-news' ? 12 : 240)),
      { 'assistant-a': 'ChatGPT' },
    );
    const head = Array.from(doc.querySelectorAll('#by-engine thead th')).map((th) => th.textContent);
    expect(head).toEqual(['Engine', 'Veloxa your brand', 'Pacer & Co']);
    const down = Array.from(doc.querySelectorAll('#by-engine tbody th')).map((th) => th.textContent);
    expect(down).toHaveLength(8);
    expect(down[0]).toBe('ChatGPT');
    expect(down.slice(1, 3)).toEqual(['Assistant B', 'Assistant C']);
    const first = doc.querySelector('#by-engine td[data-engine="assistant-a"][data-brand="b1"]');
    expect(first?.textContent).toBe('20.0 %15.0–25.0 % · 240 answers');
    const thin = doc.querySelector('#by-engine td[data-engine="search-news"][data-brand="b2"]');
    expect(thin?.textContent).toContain('12 answers, few');
    expect(thin?.getAttribute('class')).toContain('muted');
  });

  it('runs brands down and engines across when there are more brands than engines, so neither runs off the page', () => {
    const doc = sectionOf(bucketsOf(['assistant-a'], () => 40));
    // One engine is left out; two engines with two brands keep engines down.
    expect(doc.querySelector('#by-engine')).toBeNull();
    const many = Array.from({ length: 4 }, (_, i) => ({
      id: `c${i}`,
      name: `Rival ${i}`,
      kind: 'competitor' as const,
      domains: [],
    }));
    const two = bucketsOf(['assistant-a', 'assistant-b'], () => 40);
    const rows = two.rows.flatMap((r) =>
      r.brandId === 'b2' ? [r, ...many.map((b) => ({ ...r, brandId: b.id }))] : [r],
    );
    const wide = parseReportHtml(
      `<!doctype html><body>${engineBoardSection({ focus: VELOXA, brands: [VELOXA, PACER, ...many], byEngine: { ...two, rows }, labels: {} })}</body>`,
    );
    expect(wide.querySelector('#by-engine table')?.getAttribute('data-down')).toBe('brands');
    expect(Array.from(wide.querySelectorAll('#by-engine thead th')).map((th) => th.textContent)).toEqual([
      'Brand',
      'Assistant A',
      'Assistant B',
    ]);
    const down = Array.from(wide.querySelectorAll('#by-engine tbody th')).map((th) => th.textContent);
    expect(down).toHaveLength(6);
    expect(down[0]).toBe('Veloxa your brand');
    const cell = wide.querySelector('#by-engine tbody tr:nth-child(3) td:nth-of-type(2)');
    expect(cell?.getAttribute('data-engine')).toBe('assistant-b');
    expect(cell?.getAttribute('data-n')).toBe('40');
    expect(
      sectionOf(bucketsOf(['assistant-a', 'assistant-b'], () => 40))
        .querySelector('#by-engine table')
        ?.getAttribute('data-down'),
    ).toBe('engines');
  });

  it('is left out with one engine (the leaderboard says it all) or without per-engine data', () => {
    expect(sectionOf(bucketsOf(['assistant-a'], () => 240)).querySelector('#by-engine')).toBeNull();
    expect(sectionOf(undefined).querySelector('#by-engine')).toBeNull();
  });

  it('gives the XLSX sheet the same numbers: a brand a row, per engine value, bounds, answers and "few"', () => {
    const byEngine = bucketsOf(['search-news', 'assistant-a'], (e) => (e === 'search-news' ? 12 : 240));
    const sheet = engineBoardSheet({
      focus: VELOXA,
      brands: [VELOXA, PACER],
      byEngine,
      labels: { 'assistant-a': 'ChatGPT' },
    });
    expect(sheet?.head).toEqual([
      'Brand',
      'Kind',
      'ChatGPT mention rate',
      'ChatGPT lower',
      'ChatGPT upper',
      'ChatGPT answers',
      'ChatGPT few answers',
      'News search mention rate',
      'News search lower',
      'News search upper',
      'News search answers',
      'News search few answers',
    ]);
    const r = (k: number, n: number) => [k / n, k / n - 0.05, k / n + 0.05, n];
    expect(sheet?.rows).toEqual([
      ['Veloxa', 'your brand', ...r(48, 240), 'no', ...r(2, 12), 'yes'],
      ['Pacer & Co', 'competitor', ...r(144, 240), 'no', ...r(7, 12), 'yes'],
    ]);
    expect(sheet?.percent).toEqual([3, 4, 5, 8, 9, 10]);
    expect(
      engineBoardSheet({
        focus: VELOXA,
        brands: [VELOXA, PACER],
        byEngine: bucketsOf(['assistant-a'], () => 240),
        labels: {},
      }),
    ).toBeNull();
    expect(engineBoardSheet({ focus: VELOXA, brands: [VELOXA, PACER], labels: {} })).toBeNull();
  });
});
