import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { usePositioningStore } from '../../../src/renderer/src/stores/positioning-store';
import { useRescoreDialogStore } from '../../../src/renderer/src/stores/rescore-dialog-store';
import { useVisibilityStore } from '../../../src/renderer/src/stores/visibility-store';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { samplePositioningSummary } from './fake-positioning';
import { resetStores } from './reset-stores';
import { judgeAgreementOf } from '../../../src/shared/positioning/judge-agreement';

// The Visibility view's positioning: the focus brand's recommendation rate and net
// sentiment cards beside the other KPIs, the Positioning panel per brand, and the re-score's
// progress line, rendered from a hand-made summary (tests/unit/renderer/fake-positioning.ts).

describe('Positioning in the Visibility view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('shows recommendation rate and net sentiment cards with interval, n and change in words', async () => {
    render(<VisibilityView />);
    const rec = await screen.findByTestId('kpi-recommendation');
    expect(rec.textContent).toContain('Recommendation rate');
    expect(rec.textContent).toContain('57 % (50–64 %)');
    expect(rec.textContent).toContain('120 of n = 210 answers naming it');
    expect(rec.textContent).toContain('+9.2 pts');
    expect(rec.textContent).toContain('vs previous period');
    expect(rec.textContent).not.toContain('not significant');
    // On hover: the built-in judge's misses make this rate read low (the panel below says by how much).
    expect(rec.closest('[title]')?.getAttribute('title')).toContain(
      'Read by the built-in judge, which sometimes reads a brand an answer recommends only implicitly as "mentioned"',
    );

    const sentiment = screen.getByTestId('kpi-sentiment');
    expect(sentiment.getAttribute('title')).toContain(
      'Read by the built-in judge, which misreads the tone of some answers',
    );
    expect(sentiment.textContent).toContain('Net sentiment');
    expect(sentiment.textContent).toContain('+0.30 (+0.21 to +0.38)');
    expect(sentiment.textContent).toContain('n = 210 · 84 positive, 21 negative');
    expect(sentiment.textContent).toContain('−0.04');
    expect(sentiment.textContent).toContain('not significant');
    // The change is also said in words for screen readers.
    expect(within(sentiment).getByText('down 0.04')).toHaveClass('visually-hidden');

    // The cards sit in the same list as the other four.
    const list = screen.getByRole('list', { name: 'Key numbers for Acme' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(fake.callsTo('positioning.summary')).toEqual([
      { scope: { kind: 'all' }, period: { days: 30 }, attributeLimit: 6 },
    ]);
  });

  it("draws each brand's tone by day with its interval, said in words, from the days of the view's filters", async () => {
    render(<VisibilityView />);
    const table = await screen.findByRole('table', { name: 'Positioning by brand' });
    expect(within(table).getByRole('columnheader', { name: 'Tone by day' })).toBeInTheDocument();
    const [acme, zoom] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    // Oldest day first whatever order the rows come in; the days' answer counts said too.
    await waitFor(() =>
      expect(acme.querySelector('.pos-trend .visually-hidden')?.textContent).toBe(
        'Net sentiment about Acme by day: +0.40 on 2025-04-02 to +0.10 on 2025-05-01, 3 days with answers (12–20 a day)',
      ),
    );
    // The line runs from the left edge (the period's first day) to the right one; the band is drawn.
    const line = acme.querySelector('.pos-trend polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(line).toHaveLength(3);
    expect(line[0]?.startsWith('1.0,')).toBe(true);
    expect(line[2]?.startsWith('119.0,')).toBe(true);
    expect(acme.querySelector('.pos-trend-band')).not.toBeNull();
    // One day: a dot, no band.
    expect(zoom.querySelector('.pos-trend circle')).not.toBeNull();
    expect(zoom.querySelector('.pos-trend-band')).toBeNull();
    expect(zoom.querySelector('.pos-trend .visually-hidden')?.textContent).toBe(
      'Net sentiment about Zoom by day: −0.15 on 2025-04-20, 9 answers',
    );
    expect(fake.callsTo('positioning.buckets')).toEqual([
      { scope: { kind: 'all' }, period: { days: 30 }, by: ['day'], attributeLimit: 0 },
    ]);
  });

  it('opens the answers naming the focus brand in their text in Compare from a card (the statistics one click below)', async () => {
    render(<VisibilityView />);
    fireEvent.click(await screen.findByTestId('kpi-recommendation'));
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(1));
    // Positioning reads answer text: a results page naming the brand only in its titles is left out.
    expect(fake.callsTo('visibility.results')[0]).toMatchObject({
      drill: { brandId: 'b-acme', mentioned: true, inText: true },
    });
  });

  it('lists every brand (focus first) with its status mix, net sentiment and attributes', async () => {
    render(<VisibilityView />);
    const table = await screen.findByRole('table', { name: 'Positioning by brand' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining('Acme'),
      expect.stringContaining('Zoom'),
    ]);
    const [acme, zoom] = rows as [HTMLElement, HTMLElement];
    // The status counts are written out (the bar is for the eye only).
    expect(within(acme).getByRole('list', { name: '' }).textContent).toBe(
      '45 top pick75 recommended80 mentioned10 cautioned',
    );
    expect(acme.textContent).toContain('57 % (50–64 %)');
    expect(acme.textContent).toContain('+0.30 (+0.21 to +0.38)');
    expect(acme.textContent).toContain('n = 210');
    const chips = within(acme).getByRole('list', { name: 'Qualities attached to Acme' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+comfortable 30 %, positive', '−expensive 15 %, negative', '+lightweight 10 %, positive']);
    // The bar's segments are as wide as their shares.
    const segments = acme.querySelectorAll<HTMLElement>('.pos-seg');
    const widths = [...segments].map((s) => parseFloat(s.style.width));
    [45, 75, 80, 10].forEach((count, i) => expect(widths[i]).toBeCloseTo((count / 210) * 100, 3));

    expect(zoom.textContent).toContain('30 % (24–37 %)');
    expect(zoom.textContent).toContain('−0.15 (−0.24 to −0.05)');
    // Compact changes: "n.s." with the words for screen readers; no previous data said so.
    expect(within(zoom).getAllByTitle(/Not significant/).length).toBe(1);
    expect(zoom.textContent).toContain('no previous data');
  });

  it('lists the qualities competitors own that the focus brand lacks, with intervals and significance', async () => {
    render(<VisibilityView />);
    const list = (await screen.findByRole('heading', { name: 'Qualities competitors own that Acme lacks' }))
      .nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'waterproof: Zoom 20 % (15–26 %) vs Acme 2 % (1–5 %) (significant)',
      'durable: Zoom 7 % (4–11 %) vs Acme 3 % (1–6 %) (not significant)',
    ]);
    expect(fake.callsTo('positioning.attributeGaps')).toEqual([
      { scope: { kind: 'all' }, period: { days: 30 }, limit: 8 },
    ]);
  });

  it('follows the view filters and its refresh', async () => {
    render(<VisibilityView />);
    await screen.findByTestId('kpi-recommendation');
    act(() => useVisibilityStore.getState().setFilters({ engines: ['assistant-b'], locations: ['DE'] }));
    await waitFor(() => expect(fake.callsTo('positioning.summary')).toHaveLength(2));
    expect(fake.callsTo('positioning.summary')[1]).toEqual({
      scope: { kind: 'all' },
      period: { days: 30 },
      engines: ['assistant-b'],
      locations: ['DE'],
      attributeLimit: 6,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fake.callsTo('positioning.summary')).toHaveLength(3));
  });

  it('says why there is nothing to show', async () => {
    fake.handle('positioning.summary', () =>
      samplePositioningSummary({ empty: 'No answer in this period names a tracked brand' }),
    );
    render(<VisibilityView />);
    expect(await screen.findByText('No answer in this period names a tracked brand')).toBeInTheDocument();
  });

  it('says how many answers the judge did not read', async () => {
    const note = '412 answers in languages the built-in judge does not read: a model judge can score them';
    fake.handle('positioning.summary', () => samplePositioningSummary({ notJudged: { answers: 412, note } }));
    render(<VisibilityView />);
    await screen.findByRole('table', { name: 'Positioning by brand' });
    const panel = screen.getByRole('heading', { name: 'Positioning' }).closest('section') as HTMLElement;
    expect(within(panel).getByRole('note').textContent).toBe(`${note}.`);
  });

  it("says how far the built-in judge's readings can be trusted, with n and intervals, and where a model judge is set", async () => {
    render(<VisibilityView />);
    await screen.findByRole('table', { name: 'Positioning by brand' });
    const panel = screen.getByRole('heading', { name: 'Positioning' }).closest('section') as HTMLElement;
    const note = within(panel).getByText(/as a careful reader does/);
    expect(note).toHaveClass('pos-judge-agreement');
    // The figures with their n and intervals, then where a model judge is set.
    expect(note.textContent).toBe(
      `${judgeAgreementOf('builtin')?.note} A model judge can score answers in that style (Settings → Positioning judge).`,
    );
    expect(note.textContent).toMatch(
      /for \d+ % \(\d+–\d+ %\) of the brands in plainly worded answers \(\d+ brands tested\)/,
    );
  });

  it('says nothing of agreement for a model judge, whose agreement was not measured', async () => {
    fake.handle('positioning.summary', () =>
      samplePositioningSummary({ judge: { id: 'model:openai:gpt-4o-mini' } }),
    );
    render(<VisibilityView />);
    await screen.findByRole('table', { name: 'Positioning by brand' });
    const panel = screen.getByRole('heading', { name: 'Positioning' }).closest('section') as HTMLElement;
    expect(within(panel).getByText(/Judge: model:openai:gpt-4o-mini/)).toBeInTheDocument();
    expect(within(panel).queryByText(/careful reader/)).toBeNull();
    expect(screen.getByTestId('kpi-recommendation').closest('[title]')?.getAttribute('title')).not.toContain(
      'built-in judge',
    );
  });

  it('says nothing of languages when the judge read every answer', async () => {
    render(<VisibilityView />);
    await screen.findByRole('table', { name: 'Positioning by brand' });
    const panel = screen.getByRole('heading', { name: 'Positioning' }).closest('section') as HTMLElement;
    expect(within(panel).queryByText(/does not read/)).toBeNull();
  });

  it('shows a failed read with its code and reads again on Retry', async () => {
    let calls = 0;
    fake.handle('positioning.summary', () => {
      calls += 1;
      if (calls === 1) fail('DB_BUSY', 'The history is busy');
      return samplePositioningSummary();
    });
    render(<VisibilityView />);
    const panel = (await screen.findByRole('heading', { name: 'Positioning' })).closest(
      'section',
    ) as HTMLElement;
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('DB_BUSY');
    fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('table', { name: 'Positioning by brand' })).toBeInTheDocument();
  });
});

describe('Positioning re-score progress', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('shows progress with Stop, then Resume once stopped, then what moved when it ends', async () => {
    render(<VisibilityView />);
    await screen.findByTestId('kpi-recommendation');
    act(() => fake.emit('positioning.rescore', { phase: 'running', done: 500, total: 2000, message: null }));
    const line = screen.getByTestId('rescore-line');
    expect(line.textContent).toContain('Re-scoring positioning: 500 of 2,000 answers.');
    expect(
      within(line).getByRole('progressbar', { name: 'Answers re-scored for positioning' }),
    ).toHaveAttribute('value', '500');
    // Re-score is not offered twice while one runs.
    expect(screen.getByRole('button', { name: 'Re-score history…' })).toBeDisabled();

    fake.handle('positioning.rescore.cancel', () => ({
      running: false,
      job: {
        reason: 'request' as const,
        judge: { id: 'builtin', version: '1' },
        done: 1000,
        total: 2000,
        paused: true,
        startedAt: 1,
        from: null,
        moved: { rescored: 1000, changed: 3, status: [], tone: [] },
      },
      last: null,
    }));
    fireEvent.click(within(line).getByRole('button', { name: 'Stop re-score' }));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.cancel')).toEqual([{}]));
    expect((await screen.findByTestId('rescore-line')).textContent).toContain(
      'Positioning re-score stopped: 1,000 of 2,000 answers.',
    );
    // Resume goes through the Re-score history dialog: what is left comes first.
    fireEvent.click(within(screen.getByTestId('rescore-line')).getByRole('button', { name: 'Resume…' }));
    await waitFor(() => expect(useRescoreDialogStore.getState().open).toBe(true));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.estimate')).toEqual([{ judge: 'builtin' }]));

    fake.handle('positioning.rescore.status', () => ({
      running: false,
      job: null,
      last: {
        reason: 'request' as const,
        judge: { id: 'builtin', version: '1' },
        answers: 2000,
        rescored: 2000,
        changed: 14,
        status: [],
        tone: [],
        startedAt: 1,
        finishedAt: 2,
        from: null,
        lines: ['14 answers went from recommended to mentioned for Acme'],
      },
    }));
    const before = fake.callsTo('positioning.summary').length;
    act(() => fake.emit('positioning.rescore', { phase: 'done', done: 2000, total: 2000, message: null }));
    expect(
      await screen.findByText('14 answers went from recommended to mentioned for Acme'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('rescore-line')).toBeNull();
    // The numbers are read again once the judgements are all new.
    await waitFor(() => expect(fake.callsTo('positioning.summary').length).toBe(before + 1));
    expect(usePositioningStore.getState().rescore).toBeNull();
  });

  it('shows a re-score pending from an earlier session (from the summary) and a failed batch', async () => {
    fake.handle('positioning.summary', () =>
      samplePositioningSummary({
        rescore: {
          reason: 'upgrade',
          judge: { id: 'builtin', version: '1' },
          done: 10,
          total: 40,
          paused: true,
          startedAt: null,
          from: null,
          moved: { rescored: 10, changed: 0, status: [], tone: [] },
        },
      }),
    );
    render(<VisibilityView />);
    const line = await screen.findByTestId('rescore-line');
    expect(line.textContent).toContain('stopped: 10 of 40 answers');
    act(() =>
      fake.emit('positioning.rescore', { phase: 'failed', done: 12, total: 40, message: 'disk full' }),
    );
    expect(screen.getByTestId('rescore-line').textContent).toContain('It failed: disk full.');
  });
});
