import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogStore } from '../../../src/renderer/src/stores/catalog-store';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import type { BrandMetrics, VisibilityBuckets } from '../../../src/shared/visibility/types';
import { installFakeParallax, rate, SAMPLE_PERIOD, sampleBuckets, type FakeParallax } from './fake-parallax';
import { liveEngineCatalog } from './fake-handlers';
import { resetStores } from './reset-stores';

// The leaderboard "By engine": each brand's mention rate (share of voice, position) per engine
// side by side, engines in the catalog's order under the profile's labels, every cell with its
// interval and n, thin cells muted and said in words, sortable from an engine's header.

const LIVE = builtinProfile('live').profile;

function metrics(brandId: string, answers: number, k: number, position: number, ranked = k): BrandMetrics {
  const v = k / answers;
  return {
    brandId,
    answers,
    mentionRate: rate(k, answers, Math.max(0, v - 0.05), Math.min(1, v + 0.05)),
    citationRate: rate(0, answers, 0, 0.1),
    avgPosition: { value: position, n: ranked, lower: position - 0.2, upper: position + 0.2 },
    shareOfVoice: rate(k, 2 * k, 0.45, 0.55),
  };
}

/** Engines out of the catalog's order (search, assistant-b, assistant-a): the view sorts them. */
function byEngine(): VisibilityBuckets {
  const cells: Array<[string, BrandMetrics, BrandMetrics]> = [
    ['search', metrics('b-acme', 12, 3, 2.5), metrics('b-zoom', 12, 9, 1.2)],
    ['assistant-b', metrics('b-acme', 200, 60, 1.9), metrics('b-zoom', 200, 140, 1.4)],
    ['assistant-a', metrics('b-acme', 200, 150, 1.3), metrics('b-zoom', 200, 50, 2.2)],
  ];
  return {
    period: SAMPLE_PERIOD,
    by: ['engine'],
    rows: cells.flatMap(([engine, a, z]) => [
      { ...a, bucket: { engine } },
      { ...z, bucket: { engine } },
    ]),
    runLabels: {},
    empty: null,
  };
}

const columnNames = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.replace(/[▲▼]/gu, '').trim() ?? '');
const rowNames = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole('rowheader')
    .map((th) => within(th).getAllByRole('button')[0]?.textContent ?? '');

describe('the brand leaderboard by engine', () => {
  let fake: FakeParallax;
  beforeEach(async () => {
    resetStores();
    fake = installFakeParallax({
      'visibility.buckets': (input) =>
        input.by.length === 1 && input.by[0] === 'engine' ? byEngine() : sampleBuckets(input.by),
      'engines.list': liveEngineCatalog,
    });
    await useCatalogStore.getState().loadEngines();
  });

  async function openByEngine(): Promise<HTMLElement> {
    render(<VisibilityView />);
    await screen.findByRole('table', { name: 'Brand leaderboard' });
    // Read only when asked for: opening the view costs no per-engine read.
    expect(fake.callsTo('visibility.buckets').some((q) => q.by.join() === 'engine')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'By engine' }));
    return screen.findByRole('table', { name: 'Brand leaderboard by engine: mention rate' });
  }

  it('shows engines side by side in the catalog order under the profile labels, each cell with interval and n', async () => {
    const table = await openByEngine();
    expect(screen.getByRole('button', { name: 'By engine' }).getAttribute('aria-pressed')).toBe('true');
    expect(fake.callsTo('visibility.buckets').filter((q) => q.by.join() === 'engine')).toEqual([
      { scope: { kind: 'all' }, period: { days: 30 }, by: ['engine'] },
    ]);
    expect(columnNames(table)).toEqual([
      'Brand',
      LIVE.engines['assistant-a'].label,
      LIVE.engines['assistant-b'].label,
      LIVE.engines.search.label,
    ]);
    // Focus first (Acme, 213 of 412 answers), highlighted, then Zoom.
    expect(rowNames(table)).toEqual(['Acme', 'Zoom']);
    const acme = within(table).getByRole('row', { name: /Acme/ });
    expect(acme.className).toContain('vis-focus-row');
    expect(within(acme).getByText('focus')).toBeTruthy();
    const cells = within(acme).getAllByRole('cell');
    expect(cells[0]?.textContent).toContain('75 % (70–80 %)');
    expect(cells[0]?.textContent).toContain('n = 200');
    expect(cells[0]?.className).not.toContain('vis-low-n');
    // 12 answers on Google: muted, and said in words.
    expect(cells[2]?.className).toContain('vis-low-n');
    expect(cells[2]?.textContent).toContain('n = 12, few answers');
  });

  it('sorts by an engine column from its header, best first then worst first, and back to the overall order', async () => {
    const table = await openByEngine();
    const perplexity = LIVE.engines['assistant-b'].label;
    const head = () => within(table).getByRole('columnheader', { name: new RegExp(perplexity) });
    fireEvent.click(within(head()).getByRole('button'));
    expect(rowNames(table)).toEqual(['Zoom', 'Acme']);
    expect(head().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(head()).getByRole('button'));
    expect(rowNames(table)).toEqual(['Acme', 'Zoom']);
    expect(head().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: 'Brand: back to the overall order' }));
    expect(head().getAttribute('aria-sort')).toBe('none');
  });

  it('switches the measure: average position sorts lower first, its n the ranked answers', async () => {
    await openByEngine();
    fireEvent.click(screen.getByRole('button', { name: 'Avg position' }));
    const table = screen.getByRole('table', { name: 'Brand leaderboard by engine: avg position' });
    const chatgpt = LIVE.engines['assistant-a'].label;
    const head = within(table).getByRole('columnheader', { name: new RegExp(chatgpt) });
    const zoom = within(table).getByRole('row', { name: /Zoom/ });
    expect(within(zoom).getAllByRole('cell')[0]?.textContent).toContain('2.2 (2.0–2.4)');
    expect(within(zoom).getAllByRole('cell')[0]?.textContent).toContain('n = 50');
    // On Perplexity Zoom is named earlier (1.4) than Acme (1.9): lower first.
    const perplexity = LIVE.engines['assistant-b'].label;
    const other = within(table).getByRole('columnheader', { name: new RegExp(perplexity) });
    fireEvent.click(within(other).getByRole('button'));
    expect(rowNames(table)).toEqual(['Zoom', 'Acme']);
    expect(other.getAttribute('aria-sort')).toBe('ascending');
    expect(head.getAttribute('aria-sort')).toBe('none');
    // Google's few ranked answers are said as such.
    expect(within(zoom).getAllByRole('cell')[2]?.textContent).toContain('few ranked answers');
  });

  it('opens the answers naming a brand on an engine from its cell', async () => {
    const table = await openByEngine();
    const chatgpt = LIVE.engines['assistant-a'].label;
    fireEvent.click(
      within(table).getByRole('button', { name: new RegExp(`^Zoom on ${chatgpt}: mention rate 25 %`) }),
    );
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(1));
    expect(fake.callsTo('visibility.results')[0]).toMatchObject({
      drill: { brandId: 'b-zoom', mentioned: true, engine: 'assistant-a' },
    });
  });

  it('reads the per-engine numbers again with new filters while shown', async () => {
    await openByEngine();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(fake.callsTo('visibility.buckets').filter((q) => q.by.join() === 'engine')).toHaveLength(2),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Overall' }));
    expect(await screen.findByRole('table', { name: 'Brand leaderboard' })).toBeTruthy();
  });
});
