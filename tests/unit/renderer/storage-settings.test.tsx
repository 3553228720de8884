import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { preloadAllViews } from '../../../src/renderer/src/views/lazy-views';
import type { StorageStats } from '../../../src/shared/domain/storage';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Settings → History file: the size by part on request (the figures of `parallax db stats`),
// and Compact, which refreshes them and says what it gave back.

beforeAll(() => preloadAllViews(), 120_000);

const MB = 1024 * 1024;
const stats = (free: number): StorageStats => ({
  path: '/tmp/parallax/parallax.db',
  fileBytes: 30 * MB + free,
  totalBytes: 30 * MB + free,
  usedBytes: 30 * MB,
  freeBytes: free,
  pageSize: 4096,
  results: 2000,
  bytesPerResult: Math.round((30 * MB + free) / 2000),
  incrementalVacuum: free === 0,
  parts: [
    { part: 'Answers', bytes: 20 * MB, tables: ['results'] },
    { part: 'Raw JSON (compressed)', bytes: 10 * MB, tables: ['result_docs'] },
  ],
});

describe('Settings: History file', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
    let free = 12 * MB;
    fake.handle('storage.stats', () => stats(free));
    fake.handle('storage.compact', () => {
      const result = {
        mode: 'full' as const,
        beforeBytes: 42 * MB,
        afterBytes: 30 * MB,
        freedBytes: 12 * MB,
      };
      free = 0;
      return result;
    });
  });

  it('shows the size by part per answer, then compacts and shows the free space gone', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    await screen.findByRole('heading', { name: 'History file' });
    expect(fake.callsTo('storage.stats')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Show size by part' }));
    const table = await screen.findByRole('table', { name: 'History file size by part' });
    const answers = within(table).getByText('Answers').closest('tr')!;
    expect(within(answers).getByText('20.0 MB')).toBeInTheDocument();
    expect(within(answers).getByText('10.2 KB')).toBeInTheDocument();
    const free = within(table)
      .getByText(/Free space/)
      .closest('tr')!;
    expect(within(free).getByText('12.0 MB')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Compact' }));
    await screen.findByText('History file compacted: 42.0 MB → 30.0 MB.');
    await waitFor(() => expect(within(free).getByText('0.0 MB')).toBeInTheDocument());
    expect(fake.callsTo('storage.compact')).toEqual([{}]);
  });
});
