import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlertView } from '../../../src/shared/alerts/types';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { Sidebar } from '../../../src/renderer/src/components/Sidebar';
import { Toasts } from '../../../src/renderer/src/components/Toasts';
import { AlertsView } from '../../../src/renderer/src/views/alerts/AlertsView';
import { useAlertEvents } from '../../../src/renderer/src/views/alerts/use-alert-events';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { MonitorOptionsForm } from '../../../src/renderer/src/views/monitors/MonitorOptionsForm';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import {
  installFakeParallax,
  normalized,
  sampleAlert,
  sampleResults,
  type FakeParallax,
} from './fake-parallax';
import { installLayoutShim } from './layout-shim';
import { resetStores } from './reset-stores';

installLayoutShim();

// The Alerts view, its live unread badge and toast, the diff an alert opens in Compare, and a
// monitor's alert options form, against the fake window.parallax.

const ALERTS: AlertView[] = [
  sampleAlert(),
  sampleAlert({
    id: 'alert-2',
    kind: 'position-moved',
    loc: 'US',
    before: { value: 1.5, n: 4, low: 0.9, high: 2.1 },
    after: { value: 4, n: 4, low: 3.2, high: 4.8 },
    summary: 'Veloxa moved down (assistant-a · US): first position 1.5 [0.9–2.1] → 4 [3.2–4.8] (n 4 → 4)',
    readAt: Date.UTC(2025, 4, 1),
  }),
  sampleAlert({
    id: 'alert-3',
    kind: 'sources-changed',
    scope: 'monitor',
    prompt: null,
    engine: null,
    loc: null,
    brandName: null,
    summary:
      'Cited domains changed (all answers): domain overlap (Jaccard) between runs 0.2 [0.1–0.3], within a run 0.9 [0.85–0.95]',
  }),
];

function answer(resultId: string, text: string): ResultView {
  const base = sampleResults()[0]!;
  return {
    ...base,
    resultId,
    jobId: `job-${resultId}`,
    prompt: 'best running shoes',
    normalized: normalized(text, []),
  };
}
const BEFORE = answer('before-1', 'Veloxa leads the list, then Fleetfoot and Norrun.');
const AFTER = answer('after-1', 'Fleetfoot leads the list, then Norrun and Cadence.');

function AlertEvents() {
  useAlertEvents(true);
  return null;
}

describe('Alerts view', () => {
  let fake: FakeParallax;
  let read: Set<string>;

  beforeEach(() => {
    resetStores();
    read = new Set(ALERTS.filter((a) => a.readAt !== null).map((a) => a.id));
    const unread = (): number => ALERTS.filter((a) => !read.has(a.id)).length;
    fake = installFakeParallax({
      'alerts.list': (q) => {
        const rows = ALERTS.map((a) => ({ ...a, readAt: read.has(a.id) ? 1 : null })).filter(
          (a) =>
            (!q.kinds || q.kinds.includes(a.kind)) &&
            (!q.unread || a.readAt === null) &&
            (!q.loc || a.loc === q.loc),
        );
        return {
          alerts: rows.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 500)),
          total: rows.length,
          unread: unread(),
        };
      },
      'alerts.unread': () => ({ unread: unread() }),
      'alerts.markRead': (i) => {
        const before = unread();
        for (const a of ALERTS) if (i.all || i.ids?.includes(a.id)) read.add(a.id);
        return { changed: before - unread(), unread: unread() };
      },
      'results.get': (i) => [BEFORE, AFTER].filter((r) => i.resultIds.includes(r.resultId)),
    });
    useNavStore.setState({ view: 'alerts' });
  });

  it('lists alerts newest first with what changed, where, and before → after with n and interval', async () => {
    render(<AlertsView />);
    const list = await screen.findByRole('grid', { name: 'Alerts' });
    expect(screen.getByTestId('alerts-count').textContent).toBe('3 alerts');
    await waitFor(() => expect(list.textContent).toContain('Veloxa dropped out'));
    const rows = within(list).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('Brand dropped out');
    expect(rows[0]?.textContent).toContain('Veloxa dropped out');
    expect(rows[0]?.textContent).toContain('Daily shoes · “best running shoes” · Assistant A · DE');
    expect(rows[0]?.textContent).toContain('Before 100 % [51 %–100 %] (n 4) → after 0 % [0 %–49 %] (n 4)');
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(rows[1]?.textContent).toContain('Before 1.5 [0.9–2.1] (n 4) → after 4 [3.2–4.8] (n 4)');
    expect(within(rows[1] as HTMLElement).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(rows[2]?.textContent).toContain('All answers of the monitor (pooled)');
    // Jaccard and similarity compare the runs with the within-run baseline, and say so.
    expect(rows[2]?.textContent).toMatch(/Within a run .+ → between runs/);
    expect(await screen.findByRole('status')).toHaveTextContent('2 unread');
  });

  it('filters by kind, location and unread (the query main gets)', async () => {
    render(<AlertsView />);
    await screen.findByRole('grid', { name: 'Alerts' });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'position-moved' } });
    await waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('1 alert'));
    expect(fake.callsTo('alerts.list').at(-1)).toMatchObject({ kinds: ['position-moved'] });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('2 alerts'));
    expect(fake.callsTo('alerts.list').at(-1)).toMatchObject({ unread: true });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'DE' } });
    await waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('1 alert'));
    fireEvent.change(screen.getByLabelText('Since'), { target: { value: '168' } });
    await waitFor(() => expect(fake.callsTo('alerts.list').at(-1)).toHaveProperty('since'));
  });

  it('marks one alert read, then all', async () => {
    render(<AlertsView />);
    const list = await screen.findByRole('grid', { name: 'Alerts' });
    fireEvent.click(await within(list).findByRole('button', { name: /^Mark read: Veloxa dropped out/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 unread'));
    expect(fake.callsTo('alerts.markRead')[0]).toEqual({ ids: ['alert-1'] });
    expect(
      within(within(list).getAllByRole('row')[0] as HTMLElement).queryByRole('img', { name: 'Unread' }),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 unread'));
    expect(fake.callsTo('alerts.markRead')[1]).toEqual({ all: true });
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('an alert opens its two answers as a word and source diff in Compare', async () => {
    ALERTS[0] = sampleAlert({ beforeResultId: BEFORE.resultId, afterResultId: AFTER.resultId });
    const view = render(<AlertsView />);
    const list = await screen.findByRole('grid', { name: 'Alerts' });
    fireEvent.click((await within(list).findAllByRole('button', { name: 'Open diff' }))[0] as HTMLElement);
    const nav = useNavStore.getState();
    expect(nav.view).toBe('compare');
    expect(nav.resultSet).toMatchObject({ resultIds: ['before-1', 'after-1'], total: 2, diff: true });
    expect(fake.callsTo('alerts.markRead')[0]).toEqual({ ids: ['alert-1'] });
    view.unmount();

    render(<CompareView />);
    const diff = await screen
      .findByRole('region', { name: 'Diff' })
      .catch(() => screen.findByLabelText('Diff'));
    expect(within(diff).getByLabelText('Old (A)')).toHaveDisplayValue(/DE|US|Assistant/);
    await waitFor(() => expect(diff.querySelector('[data-testid="word-diff"] del')).not.toBeNull());
    expect(diff.textContent).toContain('Cadence');
    expect(diff.textContent).toContain('Veloxa');
    expect(screen.getByRole('heading', { level: 2, name: /^Brand dropped out: Veloxa/ })).toBeInTheDocument();
  });

  it('keeps the sidebar badge live and shows a toast when a monitor run raised alerts', async () => {
    render(
      <>
        <AlertEvents />
        <Sidebar />
        <Toasts />
      </>,
    );
    const badge = await screen.findByTestId('alerts-unread-badge');
    expect(badge).toHaveTextContent(/^2 unread$/u);
    expect(screen.getByRole('button', { name: /Alerts/ })).toContainElement(badge);
    act(() => fake.emit('alerts.changed', { unread: 7 }));
    expect(screen.getByTestId('alerts-unread-badge')).toHaveTextContent(/^7 unread$/u);
    act(() =>
      fake.emit('alerts.raised', { monitorId: 'm-1', monitorName: 'Daily shoes', runId: 'run-2', count: 5 }),
    );
    expect(
      (await screen.findAllByText(/Daily shoes: 5 change alerts after its latest run/)).length,
    ).toBeGreaterThan(0);
    act(() => fake.emit('alerts.changed', { unread: 0 }));
    expect(screen.queryByTestId('alerts-unread-badge')).toBeNull();
    useNavStore.setState({ view: 'visibility' });
    act(() => fake.emit('alerts.open', {}));
    expect(useNavStore.getState().view).toBe('alerts');
  });
});

describe('Monitor alert options', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'alerts.options': (i) => ({
        monitorId: i.monitorId,
        rules: {
          kinds: {
            'brand-entered': true,
            'brand-dropped': true,
            'position-moved': true,
            'competitor-appeared': true,
            'competitor-disappeared': true,
            'sources-changed': true,
            'answer-changed': true,
          },
          positionDelta: 2,
          jaccardBelow: 0.5,
          similarityBelow: 0.5,
        },
        webhookUrl: 'https://hooks.example.com/services/x',
        reportDir: null,
        reportDays: null,
        updatedAt: 1,
        lastDelivery: {
          id: 3,
          monitorId: i.monitorId,
          runId: 'run-1',
          state: 'failed',
          attempts: 8,
          lastStatus: 500,
          lastError: 'HTTP 500 from https://hooks.example.com/…',
          nextAttemptAt: null,
          createdAt: 1,
          updatedAt: Date.UTC(2025, 4, 1, 12),
        },
      }),
      'alerts.chooseFolder': () => ({ path: '/home/analyst/reports' }),
    });
  });

  it('shows the webhook’s last delivery, checks each field, and saves rules, webhook and report folder', async () => {
    render(<MonitorOptionsForm monitorId="m-1" monitorName="Daily shoes" onDone={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Alert options: Daily shoes' });
    expect(within(form).getByTestId('webhook-state').textContent).toMatch(
      /Failed after 8 attempts \(HTTP 500\).*HTTP 500 from https:\/\/hooks\.example\.com/,
    );

    fireEvent.change(within(form).getByLabelText(/^URL/), { target: { value: 'ftp://files.example.com/x' } });
    fireEvent.change(within(form).getByLabelText(/Position moved by at least/), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Period (days)'), { target: { value: '400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert options' }));
    expect(
      await within(form).findByText('Only http and https URLs can receive the webhook'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/Position moved by at least/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('A whole number of days from 1 to 365')).toBeInTheDocument();
    expect(fake.callsTo('alerts.saveOptions')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^URL/), {
      target: { value: 'https://hooks.example.com/services/new' },
    });
    fireEvent.change(within(form).getByLabelText(/Position moved by at least/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Period (days)'), { target: { value: '14' } });
    fireEvent.click(within(form).getByLabelText('Answer changed'));
    fireEvent.click(within(form).getByRole('button', { name: 'Choose folder…' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Folder/)).toHaveValue('/home/analyst/reports'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert options' }));
    await waitFor(() => expect(fake.callsTo('alerts.saveOptions')).toHaveLength(1));
    expect(fake.callsTo('alerts.saveOptions')[0]).toEqual({
      monitorId: 'm-1',
      rules: {
        kinds: expect.objectContaining({ 'answer-changed': false, 'brand-dropped': true }) as unknown,
        positionDelta: 3,
        jaccardBelow: 0.5,
        similarityBelow: 0.5,
      },
      webhookUrl: 'https://hooks.example.com/services/new',
      reportDir: '/home/analyst/reports',
      reportDays: 14,
    });
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved.');
  });
});
