import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeriesKeyView } from '../../../src/shared/visibility/types';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { OverTimeView } from '../../../src/renderer/src/views/over-time/OverTimeView';
import { installFakeParallax, sampleResults, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Over time opened directly: a picker of the series in the history (history.seriesKeys).

const KEYS: SeriesKeyView[] = [
  {
    prompt: 'best running shoes',
    engine: 'assistant-a',
    country: 'US',
    state: null,
    answers: 30,
    firstAt: Date.UTC(2025, 9, 3, 12),
    lastAt: Date.UTC(2025, 10, 1, 12),
  },
  {
    prompt: 'best trail running shoes',
    engine: 'assistant-b',
    country: 'US',
    state: 'CA',
    answers: 12,
    firstAt: Date.UTC(2025, 9, 20, 12),
    lastAt: Date.UTC(2025, 10, 1, 12),
  },
];

describe('Over time series picker', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'history.seriesKeys': (i) => KEYS.filter((k) => !i.text || k.prompt.includes(i.text)),
      'results.series': () => [
        { resultId: 'run-1-res-US', runId: 'run-1', fetchedAt: KEYS[1]!.lastAt, excerpt: 'Trail answer.' },
      ],
      'results.get': (i) => sampleResults().filter((r) => i.resultIds.includes(r.resultId)),
    });
    useNavStore.setState({ view: 'over-time' });
  });

  it('lists the series with answers and first/last dates, and opens the one picked', async () => {
    render(<OverTimeView />);
    const table = await screen.findByRole('table', { name: 'Series to open' });
    expect(fake.callsTo('history.seriesKeys')[0]).toEqual({ limit: 200 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent))).toEqual([
      ['best running shoes', 'Assistant A', '🇺🇸 US', '30', 'Oct 3, 2025', 'Nov 1, 2025'],
      ['best trail running shoes', 'Assistant B', '🇺🇸 US-CA', '12', 'Oct 20, 2025', 'Nov 1, 2025'],
    ]);

    fireEvent.click(
      screen.getByRole('button', { name: 'Open “best trail running shoes” · Assistant B · 🇺🇸 US-CA' }),
    );
    const target = { prompt: 'best trail running shoes', engine: 'assistant-b', country: 'US', state: 'CA' };
    expect(useNavStore.getState().seriesTarget).toEqual(target);
    await waitFor(() => expect(fake.callsTo('results.series')).toEqual([target]));
    expect(await screen.findByText('Answers (1) in 1 distinct text')).toBeInTheDocument();
    // The picker folds into one line naming the series; "Change series" unfolds it.
    expect(screen.queryByRole('table', { name: 'Series to open' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change series' }));
    const again = within(await screen.findByRole('table', { name: 'Series to open' }))
      .getAllByRole('row')
      .slice(1);
    expect(again[1]).toHaveAttribute('aria-current', 'true');
    expect(within(again[1] as HTMLElement).getByRole('button', { name: /Open/ })).toBeDisabled();
    expect(again[0]).not.toHaveAttribute('aria-current');
  });

  it('filters by prompt text through history.seriesKeys', async () => {
    render(<OverTimeView />);
    await screen.findByRole('table', { name: 'Series to open' });
    fireEvent.change(screen.getByLabelText('Search prompts'), { target: { value: 'trail' } });
    await waitFor(() => expect(screen.queryByText('best running shoes')).toBeNull());
    expect(fake.callsTo('history.seriesKeys').at(-1)).toEqual({ text: 'trail', limit: 200 });
    expect(screen.getByText('best trail running shoes')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search prompts'), { target: { value: 'bank' } });
    expect(await screen.findByText('No prompt asked more than once matches “bank”.')).toBeInTheDocument();
  });

  it('lists ten series at a time in the page (no scroll box to catch the wheel), Show more adds ten', async () => {
    const many: SeriesKeyView[] = Array.from({ length: 23 }, (_, i) => ({
      ...(KEYS[0] as SeriesKeyView),
      prompt: `prompt ${String(i).padStart(2, '0')}`,
    }));
    fake.handle('history.seriesKeys', () => many);
    render(<OverTimeView />);
    const table = await screen.findByRole('table', { name: 'Series to open' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('10 of 23')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(24);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
  });

  it('says so when no prompt was asked twice, and lists again when history changes', async () => {
    let keys: SeriesKeyView[] = [];
    fake.handle('history.seriesKeys', () => keys);
    render(<OverTimeView />);
    expect(
      await screen.findByText(
        'No prompt has been asked more than once for the same engine and location yet.',
      ),
    ).toBeInTheDocument();
    keys = KEYS;
    act(() => fake.emit('visibility.changed', { reason: 'demo' }));
    expect(await screen.findByRole('table', { name: 'Series to open' })).toBeInTheDocument();
  });
});
