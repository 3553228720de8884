import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VirtualList } from '../../../src/renderer/src/components/VirtualList';
import { PageCache } from '../../../src/renderer/src/lib/page-cache';
import { HistoryView } from '../../../src/renderer/src/views/history/HistoryView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { installFakeParallax, sampleRun, type FakeParallax } from './fake-parallax';
import { installLayoutShim } from './layout-shim';
import { resetStores } from './reset-stores';

installLayoutShim();

const ROWS = 100_000;

describe('virtualized lists', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('renders only a window of 100,000 rows and moves through them by keyboard', async () => {
    render(
      <VirtualList<number>
        label="Numbers"
        count={ROWS}
        rowHeight={48}
        height={480}
        rowAt={(i) => i}
        renderRow={(n) => <span>row {n}</span>}
      />,
    );
    const list = screen.getByRole('grid', { name: 'Numbers' });
    const rendered = within(list).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]?.textContent).toBe('row 0');
    expect(list).toHaveAttribute('aria-rowcount', String(ROWS));

    fireEvent.keyDown(list, { key: 'End' });
    await waitFor(() => expect(within(list).getByText(`row ${ROWS - 1}`)).toBeInTheDocument());
    expect(within(list).getAllByRole('row').length).toBeLessThan(40);
    expect(list.getAttribute('aria-activedescendant')).toMatch(new RegExp(`row-${ROWS - 1}$`));
    expect(within(list).queryByText('row 0')).toBeNull();
  });

  it('fetches only the pages in view', async () => {
    const asked: number[] = [];
    const cache = new PageCache<number>(async (offset, limit) => {
      asked.push(offset);
      return {
        rows: Array.from({ length: Math.min(limit, ROWS - offset) }, (_, i) => offset + i),
        total: ROWS,
      };
    }, 200);
    cache.ensureRange(0, 30);
    cache.ensureRange(10, 40);
    cache.ensureRange(99_990, 99_999);
    await waitFor(() => expect(cache.rowAt(99_999)).toBe(99_999));
    expect(asked).toEqual([0, 99_800]);
    expect(cache.total).toBe(ROWS);
    expect(cache.rowAt(5_000)).toBeUndefined();
  });

  it('lists 100,000 stored runs in History from a few pages, and opens one offline in Compare', async () => {
    fake.handle('runs.list', (input) => {
      const offset = input.offset ?? 0;
      const limit = input.limit ?? 50;
      return {
        runs: Array.from({ length: Math.min(limit, ROWS - offset) }, (_, i) => ({
          ...sampleRun(`run-${offset + i}`),
          name: `Run number ${offset + i}`,
        })),
        total: ROWS,
      };
    });
    render(<HistoryView />);
    const list = await screen.findByRole('grid', { name: 'Runs' });
    await within(list).findByText('Run number 0');
    expect(screen.getByText('100,000 runs')).toBeInTheDocument();
    expect(within(list).getAllByRole('row').length).toBeLessThan(40);
    expect(fake.callsTo('runs.list').map((c) => c.offset)).toEqual([0]);

    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(useNavStore.getState()).toMatchObject({ view: 'compare', runId: 'run-1' });
  });

  it('searches history and shows highlighted snippets without parsing HTML', async () => {
    fake.handle('history.search', (input) => ({
      hits: [
        {
          resultId: 'r1',
          runId: 'run-7',
          engine: 'assistant-a' as const,
          country: 'DE',
          state: null,
          prompt: 'best running shoes',
          fetchedAt: Date.UTC(2025, 0, 1),
          snippet: `… the \u0002${input.query}\u0003 <img src=x onerror=alert(1)> leads …`,
          matchedIn: 'answer' as const,
        },
      ],
      total: 1,
      totalCapped: false,
    }));
    render(<HistoryView />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('grid', { name: 'Search results' });
    const mark = await within(results).findByText('acme');
    expect(mark.tagName).toBe('MARK');
    expect(results.querySelector('img')).toBeNull();
    expect(fake.callsTo('history.search')[0]).toMatchObject({ query: 'acme', offset: 0 });
    fireEvent.click(within(results).getAllByRole('row')[0] as HTMLElement);
    expect(useNavStore.getState()).toMatchObject({ view: 'compare', runId: 'run-7' });
  });

  it('says "1,000+ matches" when the count reached its cap', async () => {
    fake.handle('history.search', ({ limit = 50, offset = 0 }) => ({
      hits: Array.from({ length: Math.min(limit, 1000 - offset) }, (_, i) => ({
        resultId: `r${offset + i}`,
        runId: 'run-1',
        engine: 'assistant-a' as const,
        country: 'US',
        state: null,
        prompt: 'shoes',
        fetchedAt: 1,
        snippet: 'shoes',
        matchedIn: 'answer' as const,
      })),
      total: 1000,
      totalCapped: true,
    }));
    render(<HistoryView />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'shoes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1,000+ matches')).toBeTruthy();
  });
});
