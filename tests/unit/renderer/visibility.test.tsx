import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VisibilityOverview } from '../../../src/shared/visibility/types';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { SOURCES_FIRST, SOURCES_MORE } from '../../../src/renderer/src/stores/visibility-store';
import { useDemoStore } from '../../../src/renderer/src/stores/demo-store';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { installFakeParallax, sampleOverview, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

/** The demo store is not among the shared reset list (yet). */
function resetDemo(): void {
  useDemoStore.setState(useDemoStore.getInitialState(), true);
}

/** A promise the test settles when it wants (to answer an earlier request after a later one). */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const lastOf = <T,>(list: T[]): T | undefined => list[list.length - 1];

describe('Visibility view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    resetDemo();
    fake = installFakeParallax();
  });

  it('shows the focus brand KPIs with their 95 % intervals, n and changes, marking the non-significant ones', async () => {
    render(<VisibilityView />);
    const mention = await screen.findByTestId('kpi-mention');
    expect(mention.textContent).toContain('42 % (38–46 %)');
    expect(mention.textContent).toContain('n = 500');
    expect(mention.textContent).toContain('+6 pts');
    expect(mention.textContent).not.toContain('not significant');

    const citation = screen.getByTestId('kpi-citation');
    expect(citation.textContent).toContain('20 % (17–24 %)');
    expect(citation.textContent).toContain('+1 pts');
    expect(citation.textContent).toContain('not significant');

    const position = screen.getByTestId('kpi-position');
    expect(position.textContent).toContain('1.8 (1.6–2.0)');
    expect(position.textContent).toContain('n = 210');
    expect(position.textContent).toContain('not significant');
    expect(screen.getByTestId('kpi-sov').textContent).toContain('53 % (48–57 %)');

    // The leaderboard marks non-significant changes too.
    const board = screen.getByRole('table', { name: 'Brand leaderboard' });
    const zoomRow = within(board).getByRole('row', { name: /Zoom/ });
    expect(zoomRow.textContent).toContain('−4 pts');
    expect(within(zoomRow).getAllByTitle(/Not significant/).length).toBeGreaterThan(0);

    // Every panel was asked once, in parallel, with the same default filters.
    const q = { scope: { kind: 'all' }, period: { days: 30 } };
    expect(fake.callsTo('visibility.overview')).toEqual([q]);
    expect(fake.callsTo('visibility.buckets')).toEqual([
      { ...q, by: ['day'] },
      { ...q, by: ['location', 'engine'] },
    ]);
    expect(fake.callsTo('visibility.sources')).toEqual([{ ...q, limit: SOURCES_FIRST }]);
    expect(fake.callsTo('visibility.gaps')).toEqual([{ ...q, limit: 50 }]);
    expect(fake.callsTo('visibility.urls')).toEqual([{ ...q, limit: 100 }]);
    expect(fake.callsTo('visibility.queries')).toEqual([{ ...q, limit: 50 }]);
  });

  it('reads the first cited domains, more on demand, and the first page again for new filters', async () => {
    const domainsOf = (limit: number) =>
      Array.from({ length: limit }, (_, i) => ({
        domain: `site${i}.example`,
        share: { value: 0.1, k: 50, n: 500, lower: 0.08, upper: 0.13 },
        previousShare: { value: null, k: 0, n: 0, lower: null, upper: null },
        change: { delta: null, significant: false },
        trend: [],
        brandId: null,
        kinds: ['citation'],
        siteKind: 'other' as const,
        siteKindSource: 'none' as const,
      }));
    fake.handle('visibility.sources', (input) => ({
      period: sampleOverview().period,
      answers: 500,
      domains: domainsOf(input.limit ?? 50),
      byKind: [],
      citations: 0,
      previousCitations: 0,
      empty: null,
    }));
    render(<VisibilityView />);
    const more = await screen.findByRole('button', { name: 'Show more domains' });
    expect(screen.getAllByRole('button', { name: /^Pages of site/ })).toHaveLength(SOURCES_FIRST);

    fireEvent.click(more);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Pages of site/ })).toHaveLength(
        SOURCES_FIRST + SOURCES_MORE,
      ),
    );
    expect(fake.callsTo('visibility.sources').map((c) => c.limit)).toEqual([
      SOURCES_FIRST,
      SOURCES_FIRST + SOURCES_MORE,
    ]);
    // Only the sources panel read again.
    expect(fake.callsTo('visibility.overview')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    await waitFor(() => expect(fake.callsTo('visibility.sources').at(-1)?.limit).toBe(SOURCES_FIRST));
  });

  it('shows each domain’s kind of site and the shares by kind, and sets a kind through main', async () => {
    render(<VisibilityView />);
    const shares = await screen.findByRole('table', { name: 'Sources by kind of site' });
    const editorial = within(shares).getByRole('row', { name: /Editorial and reviews/ });
    expect(editorial.textContent).toContain('38 %');
    expect(within(shares).getByRole('row', { name: /Own site/ }).textContent).toContain('25 %');
    expect(shares.textContent).toContain('400 citations');
    const picker = screen.getByLabelText<HTMLSelectElement>('Kind of site of runnersworld.com');
    expect(picker.selectedOptions[0]?.textContent).toBe('Editorial and reviews');
    fake.handle('visibility.setSiteKind', () => ({
      listDate: '2026-11-29',
      listSize: 400,
      focusBrandId: 'b-acme',
      overrides: [{ domain: 'runnersworld.com', kind: 'forum' as const, updatedAt: 1 }],
      domains: [{ domain: 'runnersworld.com', kind: 'forum' as const, source: 'override' as const }],
    }));
    const before = fake.callsTo('visibility.sources').length;
    fireEvent.change(picker, { target: { value: 'forum' } });
    await waitFor(() =>
      expect(fake.callsTo('visibility.setSiteKind')).toEqual([{ domain: 'runnersworld.com', kind: 'forum' }]),
    );
    // The source panels read again so the shares follow the new kind.
    await waitFor(() => expect(fake.callsTo('visibility.sources').length).toBe(before + 1));
    // Citation gaps list competitors' own sites apart.
    const sites = await screen.findByRole('table', { name: 'Competitors’ own sites' });
    expect(within(sites).getByRole('row', { name: /zoom\.run/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Citation gaps' })).queryByText('zoom.run')).toBeNull();
  });

  it('re-queries every panel when the period or the engines change', async () => {
    render(<VisibilityView />);
    await screen.findByTestId('kpi-mention');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await waitFor(() => expect(fake.callsTo('visibility.overview')).toHaveLength(2));
    expect(lastOf(fake.callsTo('visibility.overview'))).toEqual({
      scope: { kind: 'all' },
      period: { days: 7 },
    });
    expect(lastOf(fake.callsTo('visibility.queries'))).toEqual({
      scope: { kind: 'all' },
      period: { days: 7 },
      limit: 50,
    });

    fireEvent.click(screen.getByText(/^Engines: all/));
    fireEvent.click(screen.getByRole('option', { name: /Assistant B/ }));
    await waitFor(() => expect(fake.callsTo('visibility.overview')).toHaveLength(3));
    expect(screen.getByText('Engines: Assistant B')).toBeInTheDocument();
    const expected = { scope: { kind: 'all' }, period: { days: 7 }, engines: ['assistant-b'] };
    expect(lastOf(fake.callsTo('visibility.overview'))).toEqual(expected);
    expect(lastOf(fake.callsTo('visibility.buckets'))).toEqual({ ...expected, by: ['location', 'engine'] });
    expect(lastOf(fake.callsTo('visibility.gaps'))).toEqual({ ...expected, limit: 50 });

    // A custom range is sent as from–to once applied.
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'range' } });
    const range = screen.getByRole('form', { name: 'Date range' });
    fireEvent.change(within(range).getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(within(range).getByLabelText('To'), { target: { value: '2025-03-31' } });
    fireEvent.click(within(range).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastOf(fake.callsTo('visibility.overview'))).toEqual({
        ...expected,
        period: { from: '2025-03-01', to: '2025-03-31' },
      }),
    );
  });

  it('drops an answer to an earlier filter that arrives after the answer to the newer one', async () => {
    const slow = deferred<VisibilityOverview>();
    fake.handle('visibility.overview', (input) =>
      input.period && 'days' in input.period && input.period.days === 30
        ? slow.promise
        : sampleOverview({ answers: 77, kpis: null, focusBrandId: 'b-acme' }),
    );
    render(<VisibilityView />);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await screen.findByText(/\(77 answers\)/);

    await act(async () => slow.resolve(sampleOverview({ answers: 999 })));
    expect(screen.queryByText(/\(999 answers\)/)).toBeNull();
    expect(screen.getByText(/\(77 answers\)/)).toBeInTheDocument();
  });

  it('opens the answers behind a KPI, a heatmap cell and a domain in Compare', async () => {
    render(<VisibilityView />);
    fireEvent.click(await screen.findByTestId('kpi-mention'));
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(1));
    expect(fake.callsTo('visibility.results')[0]).toEqual({
      scope: { kind: 'all' },
      period: { days: 30 },
      drill: { brandId: 'b-acme', mentioned: true },
      limit: 50,
    });
    await waitFor(() => expect(useNavStore.getState().view).toBe('compare'));
    expect(useNavStore.getState().resultSet).toEqual({
      title: 'Answers naming Acme · last 30 days',
      resultIds: ['run-1-res-US', 'run-1-res-DE'],
      total: 2,
    });

    useNavStore.setState({ view: 'visibility', resultSet: null });
    const heatmap = await screen.findByRole('table', { name: 'Mention rate of Acme by location and engine' });
    const cell = within(heatmap).getByRole('button', { name: /^DE, Assistant B: 40 % \(36–44 %\), n = 40/ });
    expect(cell.textContent).toBe('40 %n = 40');
    fireEvent.click(cell);
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(2));
    expect(fake.callsTo('visibility.results')[1]?.drill).toEqual({
      brandId: 'b-acme',
      mentioned: true,
      location: 'DE',
      engine: 'assistant-b',
    });
    await waitFor(() =>
      expect(useNavStore.getState().resultSet?.title).toBe(
        'Answers naming Acme, DE, Assistant B · last 30 days',
      ),
    );

    const domains = screen.getByRole('table', { name: 'Cited domains' });
    fireEvent.click(within(domains).getByRole('button', { name: 'runnersworld.com' }));
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(3));
    expect(fake.callsTo('visibility.results')[2]?.drill).toEqual({ domain: 'runnersworld.com' });
    await waitFor(() =>
      expect(useNavStore.getState().resultSet?.title).toBe('Answers citing runnersworld.com · last 30 days'),
    );
  });

  it("lists a domain's pages and opens the answers citing one page", async () => {
    render(<VisibilityView />);
    const domains = await screen.findByRole('table', { name: 'Cited domains' });
    fireEvent.click(within(domains).getByRole('button', { name: 'Pages of runnersworld.com' }));
    const pages = await screen.findByRole('table', { name: 'Pages of runnersworld.com' });
    expect(lastOf(fake.callsTo('visibility.urls'))).toEqual({
      scope: { kind: 'all' },
      period: { days: 30 },
      domain: 'runnersworld.com',
      limit: 100,
    });
    fireEvent.click(within(pages).getByRole('button', { name: 'Best shoes' }));
    await waitFor(() =>
      expect(lastOf(fake.callsTo('visibility.results'))?.drill).toEqual({
        url: 'https://runnersworld.com/best-shoes',
      }),
    );
  });

  it('gives the trend chart a table alternative, per day or per run, whose cells open their answers', async () => {
    render(<VisibilityView />);
    const trend = await screen.findByRole('region', { name: 'Mention rate over time' });
    const figure = await within(trend).findByRole('figure');
    // The key sits above the chart, outside the chart's own box (a tooltip never covers it).
    const key = within(figure).getByRole('list', { name: 'Brands in the chart' });
    expect(key.closest('.recharts-wrapper')).toBeNull();
    expect(figure.firstElementChild).toBe(key);
    expect(within(key).getAllByRole('listitem')[0]?.textContent).toMatch(/focus/);
    fireEvent.click(within(trend).getByRole('button', { name: 'Table' }));
    const table = within(trend).getByRole('table', { name: 'Mention rate trend' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Day',
      'Apr 29, 2025',
      'Apr 30, 2025',
    ]);
    expect(rows[1]?.textContent).toContain('25 % (21–29 %)');

    fireEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: /^Acme, Apr 30, 2025/ }));
    await waitFor(() =>
      expect(lastOf(fake.callsTo('visibility.results'))?.drill).toEqual({
        brandId: 'b-acme',
        mentioned: true,
        day: '2025-04-30',
      }),
    );

    // Per run: asked by run and day, shown in date order with the run names.
    fireEvent.click(within(trend).getByRole('button', { name: 'Per run' }));
    await waitFor(() =>
      expect(lastOf(fake.callsTo('visibility.buckets'))).toEqual({
        scope: { kind: 'all' },
        period: { days: 30 },
        by: ['run', 'day'],
      }),
    );
    await waitFor(() =>
      expect(
        within(within(trend).getByRole('table', { name: 'Mention rate trend' }))
          .getAllByRole('row')
          .map((r) => r.querySelector('th')?.textContent),
      ).toEqual(['Run', 'Apr 29, 2025 · Shoes', 'Apr 30, 2025 · Shoes again']),
    );
  });

  it('asks for a brand when none is defined, and leads to the Brands view', async () => {
    fake.handle('visibility.overview', () =>
      sampleOverview({
        focusBrandId: null,
        brands: [],
        kpis: null,
        leaderboard: [],
        empty: 'No brands defined: add your brand and its competitors',
      }),
    );
    render(<VisibilityView />);
    expect(
      await screen.findByRole('heading', { name: 'No brands defined: add your brand and its competitors' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('kpi-mention')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Citation gaps' })).toBeNull();
    // Brand-free panels still show.
    expect(await screen.findByRole('table', { name: 'Cited domains' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Define your brand' }));
    expect(useNavStore.getState().view).toBe('brands');
  });

  it('offers a demo history when there are no answers, and reloads when main says visibility changed', async () => {
    fake.handle('visibility.overview', () =>
      sampleOverview({
        answers: 0,
        previousAnswers: 0,
        kpis: null,
        empty: 'No answers in the history yet: run prompts or load a demo history',
      }),
    );
    render(<VisibilityView />);
    await screen.findByRole('heading', {
      name: 'No answers in the history yet: run prompts or load a demo history',
    });
    expect(screen.getByRole('button', { name: 'Compose prompts' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Load a demo history' }));
    await waitFor(() => expect(fake.callsTo('demo.load')).toHaveLength(1));

    fake.handle('visibility.overview', () => sampleOverview());
    act(() => fake.emit('visibility.changed', { reason: 'demo' }));
    expect(await screen.findByTestId('kpi-mention')).toBeInTheDocument();
  });

  it('says brand numbers are partial while answers are re-analysed after a brand change', async () => {
    fake.handle('visibility.overview', () => sampleOverview({ reanalysis: { done: 200, total: 1000 } }));
    render(<VisibilityView />);
    expect((await screen.findByText(/Re-analysing stored answers/)).textContent).toContain('200 of 1,000');
    act(() => fake.emit('visibility.reanalysis', { phase: 'running', done: 600, total: 1000 }));
    expect(screen.getByText(/Re-analysing stored answers/).textContent).toContain('600 of 1,000');
    act(() => fake.emit('visibility.reanalysis', { phase: 'done', done: 1000, total: 1000 }));
    expect(screen.queryByText(/Re-analysing stored answers/)).toBeNull();
  });

  it("says which answers the upgrade's re-analysis reads: web and news search results", async () => {
    fake.handle('visibility.overview', () =>
      sampleOverview({ reanalysis: { done: 20, total: 80, searchResults: true } }),
    );
    render(<VisibilityView />);
    const line = await screen.findByText(/Reading stored web and news search results/);
    expect(line.textContent).toContain('20 of 80');
    expect(screen.queryByText(/after a brand change/)).toBeNull();
    act(() =>
      fake.emit('visibility.reanalysis', { phase: 'running', done: 60, total: 80, searchResults: true }),
    );
    expect(screen.getByText(/Reading stored web and news search results/).textContent).toContain('60 of 80');
  });

  it('reloads when a run finishes', async () => {
    render(<VisibilityView />);
    await screen.findByTestId('kpi-mention');
    const before = fake.callsTo('visibility.overview').length;
    act(() =>
      fake.emit('run.progress', {
        runId: 'run-9',
        status: 'completed',
        total: 1,
        counts: { pending: 0, queued: 0, running: 0, succeeded: 1, failed: 0, interrupted: 0, canceled: 0 },
        creditsSpent: 1,
        maxCredits: 1,
        etaMs: null,
        slotsInUse: 0,
        slotLimit: 10,
        rateLimitRemaining: null,
        creditsRemaining: null,
        recentErrors: [],
        notices: [],
      }),
    );
    await waitFor(() => expect(fake.callsTo('visibility.overview')).toHaveLength(before + 1));
  });
});
