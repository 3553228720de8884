import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';
import { BrandsView } from '../../../src/renderer/src/views/brands/BrandsView';
import { OverTimeView } from '../../../src/renderer/src/views/over-time/OverTimeView';
import { trendRows } from '../../../src/renderer/src/lib/trends';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import {
  installFakeParallax,
  normalized,
  SAMPLE_BRANDS,
  SAMPLE_PROMPT,
  sampleResults,
  type FakeParallax,
} from './fake-parallax';
import { resetStores } from './reset-stores';

describe('Brands view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'brands.matrix': () => ({
        brands: SAMPLE_BRANDS,
        columns: [
          { key: 'US', country: 'US', state: null },
          { key: 'DE', country: 'DE', state: null },
        ],
        cells: [
          {
            brandId: 'b-acme',
            column: 'US',
            results: 4,
            mentioned: 3,
            mentionRate: 0.75,
            interval: [0.3, 0.95],
            avgRank: 1.2,
            avgFirstOffset: 20,
            shareOfVoice: 0.6,
            volatile: true,
          },
          {
            brandId: 'b-zoom',
            column: 'DE',
            results: 4,
            mentioned: 4,
            mentionRate: 1,
            interval: [0.5, 1],
            avgRank: 1,
            avgFirstOffset: 5,
            shareOfVoice: 0.7,
            volatile: false,
          },
        ],
      }),
    });
    useNavStore.setState({ runId: 'run-1', view: 'brands' });
  });

  it('saves a brand with its variants and domains', async () => {
    render(<BrandsView />);
    await screen.findByRole('table', { name: 'Brands' });
    fireEvent.click(screen.getByRole('button', { name: 'Add brand' }));
    const form = screen.getByRole('form', { name: 'New brand' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Globex' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'competitor' } });
    fireEvent.change(within(form).getByLabelText('Variants (comma separated)'), {
      target: { value: 'Globex Corp, GLX ,' },
    });
    fireEvent.change(within(form).getByLabelText('Domains (comma separated)'), {
      target: { value: 'globex.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save brand' }));
    await waitFor(() =>
      expect(fake.callsTo('brands.save')).toEqual([
        { name: 'Globex', kind: 'competitor', aliases: ['Globex Corp', 'GLX'], domains: ['globex.com'] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New brand' })).toBeNull());
  });

  it('shows presence, first position and share of voice per country', async () => {
    render(<BrandsView />);
    const table = await screen.findByRole('table', { name: 'Brand matrix' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('🇺🇸 US');
    expect(rows[1]?.textContent).toContain('75 %');
    expect(rows[1]?.textContent).toContain('pos 1.2 · SoV 60 %');
    expect(rows[1]?.textContent).toContain('volatile');
    expect(rows[2]?.textContent).toContain('100 %');
    expect(fake.callsTo('brands.matrix')[0]).toEqual({ runId: 'run-1' });
  });
});

describe('Over time view', () => {
  let fake: FakeParallax;
  const older = {
    ...sampleResults()[0]!,
    resultId: 'old',
    runId: 'run-a',
    fetchedAt: Date.UTC(2025, 0, 1),
    normalized: normalized('Zoom Pro is best. Acme is fine.', []),
  };
  const newer = {
    ...sampleResults()[0]!,
    resultId: 'new',
    runId: 'run-b',
    fetchedAt: Date.UTC(2025, 1, 1),
    normalized: normalized('Acme is best now.', []),
  };

  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'results.series': () => [
        { resultId: 'old', runId: 'run-a', fetchedAt: older.fetchedAt, excerpt: 'Zoom Pro is best.' },
        { resultId: 'new', runId: 'run-b', fetchedAt: newer.fetchedAt, excerpt: 'Acme is best now.' },
      ],
      'results.get': (i) => [older, newer].filter((r) => i.resultIds.includes(r.resultId)),
    });
  });

  it('computes mention rate and position per week with the shared brand matcher, gaps left empty', () => {
    const { grain, mention, position } = trendRows([newer, older], compileBrandMatcher(SAMPLE_BRANDS), []);
    // One answer a day: a point a week; the three weeks between the two answers are gaps.
    expect(grain).toBe('week');
    expect(mention.map((r) => [r.key, r.n, r['Acme'], r['Zoom']])).toEqual([
      ['2024-12-30', 1, 1, 1],
      ['2025-01-06', 0, null, null],
      ['2025-01-13', 0, null, null],
      ['2025-01-20', 0, null, null],
      ['2025-01-27', 1, 1, 0],
    ]);
    expect(mention[0]?.label).toBe('Week of Dec 30, 2024');
    expect(position.map((r) => [r['Acme'], r['Zoom']])).toEqual([
      [2, 1],
      [null, null],
      [null, null],
      [null, null],
      [1, null],
    ]);
  });

  it('loads the series of a prompt × engine × country and diffs two dates', async () => {
    useNavStore
      .getState()
      .openSeries({ prompt: SAMPLE_PROMPT, engine: 'assistant-a', country: 'US', state: null });
    render(<OverTimeView />);
    const diff = await screen.findByTestId('word-diff');
    expect(fake.callsTo('results.series')[0]).toEqual({
      prompt: SAMPLE_PROMPT,
      engine: 'assistant-a',
      country: 'US',
      state: null,
    });
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent).join('')).toContain('Zoom Pro');
    expect(screen.getByRole('figure', { name: 'Mention rate' })).toBeInTheDocument();
    expect(screen.getByText('Answers (2) in 2 distinct texts')).toBeInTheDocument();
  });
});
