import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FunnelView as Funnel } from '../../../src/shared/funnel/types';
import { FunnelView } from '../../../src/renderer/src/views/funnel/FunnelView';
import { useSyncStore } from '../../../src/renderer/src/stores/sync-store';
import type { SyncReportView, SyncStatusView } from '../../../src/shared/ipc/channels/sync';
import { fakeSyncStatus } from './fake-handlers';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The Funnel view over main's funnel: per engine, page and week, rates with their interval and
// n ("few answers" under 30), the pages that fall out in words, the caveats, and a page path
// written by a hostile log drawn as text.

const HOSTILE = '/<img src=x onerror="alert(1)">';
const rate = (k: number, n: number) => ({ value: k / n, lower: 0.1, upper: 0.9, n });
const FUNNEL: Funnel = {
  days: 30,
  brand: 'Veloxa',
  engines: [
    {
      engine: 'assistant-a',
      crawledHits: 5,
      crawledPages: 2,
      citedAnswers: 2,
      citationRate: rate(2, 4),
      referredSessions: 40,
      keyEvents: 3,
    },
    {
      engine: 'assistant-b',
      crawledHits: 1,
      crawledPages: 1,
      citedAnswers: 30,
      citationRate: rate(30, 60),
      referredSessions: 6,
      keyEvents: 1,
    },
  ],
  pages: [
    {
      url: '/pricing',
      crawledHits: 3,
      citedAnswers: 2,
      referredSessions: 40,
      keyEvents: 3,
      flags: [],
      notes: [],
    },
    {
      url: HOSTILE,
      crawledHits: 2,
      citedAnswers: 0,
      referredSessions: 0,
      keyEvents: 0,
      flags: ['crawled-never-cited'],
      notes: ['Crawled but never cited by the tracked prompts’ answers.'],
    },
  ],
  weeks: [
    {
      week: '2026-11-23',
      crawledHits: 6,
      citedAnswers: 3,
      citationRate: rate(3, 4),
      referredSessions: 46,
      keyEvents: 4,
    },
  ],
  caveats: ['Referrals are undercounted.', 'A line-up is a correlation, not a cause.'],
  empty: null,
  source: 'mine',
  crawledFrom: 'mine',
  referredFrom: 'mine',
  sharers: [],
  sites: [],
  sourceNote:
    'Crawler and traffic figures from this computer’s imports; answers from this workspace’s history.',
};

const HOUR = 3_600_000;

/** The sync idle after a run at `at` whose report holds only the part the view reads. */
const idleAfter = (at: number, last: object): SyncStatusView =>
  fakeSyncStatus({ state: 'idle', lastSyncedAt: at, last: last as SyncReportView });
describe('Funnel view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({ 'funnel.summary': () => FUNNEL });
  });

  it('shows the funnel per engine, page and week with intervals and n, and the pages that fall out', async () => {
    render(<FunnelView />);
    const engines = await screen.findByRole('table', { name: 'Funnel by engine' });
    const rows = within(engines).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toMatch(/50\.0 %.*n 4, few answers/);
    expect(rows[2]?.textContent).toMatch(/n 60\)/);
    expect(rows[2]?.textContent).not.toMatch(/few answers/);
    const pages = screen.getByRole('table', { name: 'Funnel by page' });
    expect(within(pages).getByText(HOSTILE)).toBeInTheDocument();
    expect(pages.querySelector('img')).toBeNull();
    expect(within(pages).getByText(/Crawled but never cited/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Funnel by week' })).getAllByRole('row')).toHaveLength(2);
    expect(
      within(screen.getByRole('list', { name: 'What the funnel cannot know' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(fake.callsTo('funnel.summary')).toEqual([{ days: 30 }]);
  });

  it('says where the numbers stay: on this computer, or only the daily totals shared when the workspace shares them', async () => {
    const { unmount } = render(<FunnelView />);
    expect(
      await screen.findByText(/Your logs, analytics rows and these totals stay on this computer/),
    ).toBeInTheDocument();
    unmount();
    resetStores();
    fake.handle('funnel.sharing', () => ({ aggregates: true, changedAt: 1, pushedAt: 2 }));
    render(<FunnelView />);
    expect(
      await screen.findByText(/shares only its daily totals per engine and page with the team/),
    ).toBeInTheDocument();
  });

  it('asks again for another period, and says what to import when there is nothing to join', async () => {
    fake = installFakeParallax({
      'funnel.summary': (i) => ({
        ...FUNNEL,
        days: i.days ?? 30,
        engines: [],
        pages: [],
        weeks: [],
        empty: 'Nothing to join yet: import the logs.',
      }),
    });
    render(<FunnelView />);
    expect(await screen.findByText(/Nothing to join yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    await screen.findByText(/Nothing to join yet/);
    expect(fake.callsTo('funnel.summary')).toEqual([{ days: 30 }, { days: 90 }]);
  });

  it('says whose figures they are, asks for the team’s, and names the sharers with their last sync', async () => {
    const sharedAt = Date.now() - 2 * HOUR - 60_000;
    fake.handle('funnel.summary', (i): Funnel =>
      i.source === 'team'
        ? {
            ...FUNNEL,
            source: 'team',
            crawledFrom: 'team',
            referredFrom: 'team',
            sharers: [{ name: 'ana', sharedAt, pulledAt: sharedAt }],
            sourceNote: 'computed in main',
          }
        : FUNNEL,
    );
    render(<FunnelView />);
    const line = await screen.findByLabelText('Whose figures');
    expect(line.textContent).toBe(
      'Crawler and traffic figures from this computer’s imports; answers from this workspace’s history.',
    );
    fireEvent.change(screen.getByLabelText('Figures'), { target: { value: 'team' } });
    await screen.findByText(/shared by ana/);
    expect(screen.getByLabelText('Whose figures').textContent).toBe(
      'Crawler and traffic figures shared by ana, synced 2 h ago; answers from this workspace’s history.',
    );
    expect(fake.callsTo('funnel.summary')).toEqual([{ days: 30 }, { days: 30, source: 'team' }]);
  });

  it('says per site whose figures count when both sources are used, names a sharer not added, and draws names as text', async () => {
    const sharedAt = Date.now() - 26 * HOUR;
    const ana = '<b>ana</b>';
    fake.handle('funnel.summary', (): Funnel => ({
      ...FUNNEL,
      source: 'all',
      crawledFrom: 'team',
      referredFrom: 'team',
      sharers: [{ name: ana, sharedAt, pulledAt: sharedAt }],
      sites: [
        { site: 'acme.example', from: 'mine', sharer: null, sharedAt: null, notAdded: [] },
        { site: 'beta.example', from: 'team', sharer: ana, sharedAt, notAdded: ['ben'] },
      ],
    }));
    render(<FunnelView />);
    const line = await screen.findByLabelText('Whose figures');
    expect(line.textContent).toBe(
      'Crawler and traffic figures per site, one source each (this computer’s first, never added together): acme.example from this computer’s imports; beta.example shared by <b>ana</b>, synced 1 d ago; answers from this workspace’s history. beta.example: figures shared by <b>ana</b>; ben shares the same site, not added.',
    );
    expect(line.querySelector('b')).toBeNull();
  });

  it('reads the figures again after a background sync that brought teammates’ totals, not after one that did not', async () => {
    render(<FunnelView />);
    await screen.findByLabelText('Whose figures');
    const status = (at: number, pulled: number): SyncStatusView =>
      idleAfter(at, { sharedFunnel: { sharers: [], rows: 0, pulled, removed: 0 } });
    act(() => useSyncStore.getState().onStatus(status(1, 0)));
    act(() => useSyncStore.getState().onStatus(status(2, 6)));
    await waitFor(() => expect(fake.callsTo('funnel.summary')).toHaveLength(2));
    act(() => useSyncStore.getState().onStatus(status(3, 0)));
    expect(fake.callsTo('funnel.summary')).toHaveLength(2);
  });

  it('says when the last sync could not share this computer’s totals: refused by the server, or not computed', async () => {
    render(<FunnelView />);
    await screen.findByLabelText('Whose figures');
    const status = (funnelDays: Partial<NonNullable<SyncReportView['funnelDays']>>): SyncStatusView =>
      idleAfter(1, {
        funnelDays: { rows: 10, cleared: false, sent: false, leftOut: 0, refused: null, ...funnelDays },
      });
    expect(screen.queryByRole('status', { name: 'Sharing with the team' })).toBeNull();
    act(() =>
      useSyncStore
        .getState()
        .onStatus(
          status({ refused: 'funnel rows over the workspace cap (20000)\n    at put_funnel_days line 12' }),
        ),
    );
    const refused = await screen.findByRole('status', { name: 'Sharing with the team' });
    expect(refused.textContent).toMatch(
      /team server refused this computer’s funnel totals.*over the workspace cap/,
    );
    expect(refused.textContent).not.toMatch(/put_funnel_days/);
    act(() =>
      useSyncStore
        .getState()
        .onStatus(status({ failed: 'The funnel totals’ thread failed: SqliteError: disk I/O error' })),
    );
    const failed = screen.getByRole('status', { name: 'Sharing with the team' });
    expect(failed.textContent).toMatch(/could not be computed at the last sync, so none were shared/);
    expect(failed.textContent).not.toMatch(/SqliteError/);
    act(() => useSyncStore.getState().onStatus(status({ sent: true })));
    expect(screen.queryByRole('status', { name: 'Sharing with the team' })).toBeNull();
  });
});
