import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { allKindsOn, defaultAlertRules } from '../../../src/shared/alerts/rules';
import { groupDigests } from '../../../src/shared/alerts/digest';
import type { AlertView } from '../../../src/shared/alerts/types';
import type { InvokeInput } from '../../../src/shared/ipc/contract';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { NO_BRANDING } from '../../../src/shared/reports/branding';
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

type AlertQuery = Partial<InvokeInput<'alerts.digests'>>;

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
    brandKind: null,
    severity: 'low',
    before: { value: 0.9, n: 4, low: 0.85, high: 0.95 },
    after: { value: 0.2, n: 4, low: 0.1, high: 0.3 },
  }),
  // An older run: a competitor appeared.
  sampleAlert({
    id: 'alert-4',
    kind: 'competitor-appeared',
    runId: 'run-0',
    prevRunId: 'run-p',
    brandName: 'Fleetfoot',
    brandKind: 'competitor',
    severity: 'medium',
    before: { value: 0, n: 4, low: 0, high: 0.49 },
    after: { value: 1, n: 4, low: 0.51, high: 1 },
    createdAt: Date.UTC(2025, 3, 1),
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
    const matching = (q: AlertQuery): AlertView[] =>
      ALERTS.map((a) => ({ ...a, readAt: read.has(a.id) ? 1 : null })).filter(
        (a) =>
          (!q.kinds || q.kinds.includes(a.kind)) &&
          (!q.severities || q.severities.includes(a.severity)) &&
          (!q.unread || a.readAt === null) &&
          (!q.loc || a.loc === q.loc) &&
          (!q.runId || a.runId === q.runId),
      );
    fake = installFakeParallax({
      'alerts.list': (q) => {
        const rows = matching(q);
        return {
          alerts: rows.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 500)),
          total: rows.length,
          unread: unread(),
        };
      },
      'alerts.digests': (q) => {
        const digests = groupDigests(matching(q));
        return {
          digests: digests.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 50)),
          total: digests.length,
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

  it('shows one digest per run, newest first: your brand, then competitors, sources and wording folded', async () => {
    render(<AlertsView />);
    const latest = await screen.findByRole('article', { name: '3 changes in Daily shoes' });
    expect(screen.getByTestId('alerts-count').textContent).toBe('2 runs with changes');
    const digests = screen.getAllByRole('article');
    expect(digests.map((d) => d.dataset['run'])).toEqual(['run-1', 'run-0']);
    expect(latest.textContent).toContain(
      '2 about your brand · 0 about competitors · 1 in sources and wording',
    );
    // The focus brand's two changes are listed, each one plain sentence; the sources change is folded.
    const [shown, folded] = within(latest).getAllByRole('list') as [HTMLElement, HTMLElement];
    const rows = within(shown).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset['kind'])).toEqual(['brand-dropped', 'position-moved']);
    expect(rows[0]?.textContent).toContain(ALERTS[0]!.title);
    expect(ALERTS[0]!.title).toMatch(/^Veloxa .+\.$/);
    const summary = within(latest).getByText('1 more change in cited sites and wording');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(within(folded).getByRole('listitem').dataset['kind']).toBe('sources-changed');
    // The statistics are one click below the sentence.
    const details = rows[0]!.querySelector('.alert-details') as HTMLElement;
    expect(details).not.toBeVisible();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Details' }));
    expect(details).toBeVisible();
    expect(details.textContent).toContain(ALERTS[0]!.details);
    expect(details.textContent).toContain('Germany');
    const older = screen.getByRole('article', { name: '1 change in Daily shoes' });
    expect(within(older).getByRole('listitem').dataset['severity']).toBe('medium');
    expect(await screen.findByRole('status')).toHaveTextContent('3 unread');
  });

  it('filters by kind, what the change is about, location and unread (the query main gets)', async () => {
    render(<AlertsView />);
    await screen.findByRole('article', { name: '3 changes in Daily shoes' });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'position-moved' } });
    await waitFor(() => expect(screen.getByTestId('alerts-count').textContent).toBe('1 run with changes'));
    expect(fake.callsTo('alerts.digests').at(-1)).toMatchObject({ kinds: ['position-moved'] });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'medium' } });
    await waitFor(() =>
      expect(fake.callsTo('alerts.digests').at(-1)).toMatchObject({ severities: ['medium'] }),
    );
    expect(await screen.findByRole('article', { name: '1 change in Daily shoes' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('About'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() => expect(fake.callsTo('alerts.digests').at(-1)).toMatchObject({ unread: true }));
    expect(await screen.findByRole('article', { name: '2 changes in Daily shoes' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'DE' } });
    await waitFor(() => expect(fake.callsTo('alerts.digests').at(-1)).toMatchObject({ loc: 'DE' }));
    fireEvent.change(screen.getByLabelText('Since'), { target: { value: '168' } });
    await waitFor(() => expect(fake.callsTo('alerts.digests').at(-1)).toHaveProperty('since'));
  });

  it('marks one alert read, then all', async () => {
    render(<AlertsView />);
    const latest = await screen.findByRole('article', { name: '3 changes in Daily shoes' });
    fireEvent.click(within(latest).getByRole('button', { name: `Mark read: ${ALERTS[0]!.title}` }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 unread'));
    expect(fake.callsTo('alerts.markRead')[0]).toEqual({ ids: ['alert-1'] });
    expect(within(latest).queryByRole('button', { name: `Mark read: ${ALERTS[0]!.title}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 unread'));
    expect(fake.callsTo('alerts.markRead')[1]).toEqual({ all: true });
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('an alert opens its two answers as a word and source diff in Compare', async () => {
    ALERTS[0] = sampleAlert({ beforeResultId: BEFORE.resultId, afterResultId: AFTER.resultId });
    const view = render(<AlertsView />);
    const latest = await screen.findByRole('article', { name: '3 changes in Daily shoes' });
    fireEvent.click(within(latest).getAllByRole('button', { name: 'Open diff' })[0] as HTMLElement);
    const nav = useNavStore.getState();
    expect(nav.view).toBe('compare');
    expect(nav.resultSet).toMatchObject({ resultIds: ['before-1', 'after-1'], total: 2, diff: true });
    expect(fake.callsTo('alerts.markRead')[0]).toEqual({ ids: ['alert-1'] });
    view.unmount();

    render(<CompareView />);
    const diff = await screen
      .findByRole('region', { name: 'Diff' })
      .catch(() => screen.findByLabelText('Diff'));
    expect(within(diff).getByLabelText('Old (A)')).toHaveDisplayValue(/DE|US|Assistant|Germany/);
    await waitFor(() => expect(diff.querySelector('[data-testid="word-diff"] del')).not.toBeNull());
    expect(diff.textContent).toContain('Cadence');
    expect(diff.textContent).toContain('Veloxa');
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: new RegExp(`^${ALERTS[0]!.title.replace(/[.()]/g, '.')}`),
      }),
    ).toBeInTheDocument();
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
    expect(badge).toHaveTextContent(/^3 unread$/u);
    expect(screen.getByRole('button', { name: /Alerts/ })).toContainElement(badge);
    act(() => fake.emit('alerts.changed', { unread: 7 }));
    expect(screen.getByTestId('alerts-unread-badge')).toHaveTextContent(/^7 unread$/u);
    act(() =>
      fake.emit('alerts.raised', {
        monitorId: 'm-1',
        monitorName: 'Daily shoes',
        runId: 'run-2',
        count: 5,
        headline: '5 changes in Daily shoes',
        top: ['Veloxa is named in 24 % of answers, down from 42 % (Germany, Assistant A).'],
        folded: 2,
      }),
    );
    // One toast for the run: the digest's headline and its most severe change.
    expect(
      (
        await screen.findAllByText(
          /5 changes in Daily shoes: Veloxa is named in 24 % of answers, down from 42 % \(Germany, Assistant A\)\./,
        )
      ).length,
    ).toBeGreaterThan(0);
    act(() => fake.emit('alerts.changed', { unread: 0 }));
    expect(screen.queryByTestId('alerts-unread-badge')).toBeNull();
    useNavStore.setState({ view: 'visibility' });
    act(() => fake.emit('alerts.open', {}));
    expect(useNavStore.getState().view).toBe('alerts');
  });
});

const LOGO = `data:image/png;base64,${Buffer.from('logo').toString('base64')}`;

describe('Monitor alert options', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'alerts.options': (i) => ({
        monitorId: i.monitorId,
        // An existing monitor's stored rules: every kind on.
        rules: { ...defaultAlertRules(), kinds: allKindsOn() },
        webhookUrl: 'https://hooks.example.com/services/x',
        reportDir: null,
        reportDays: null,
        branding: NO_BRANDING,
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
      'alerts.chooseLogo': () => ({ logo: LOGO }),
    });
  });

  it('shows the webhook’s last delivery, checks each field, and saves rules, webhook, report folder and branding', async () => {
    render(<MonitorOptionsForm monitorId="m-1" monitorName="Daily shoes" onDone={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Alert options: Daily shoes' });
    expect(within(form).getByTestId('webhook-state').textContent).toMatch(
      /Failed after 8 attempts \(HTTP 500\).*HTTP 500 from https:\/\/hooks\.example\.com/,
    );

    fireEvent.change(within(form).getByLabelText(/^URL/), { target: { value: 'ftp://files.example.com/x' } });
    fireEvent.change(within(form).getByLabelText(/Position moved by at least/), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Period (days)'), { target: { value: '400' } });
    fireEvent.change(within(form).getByLabelText(/over the last \(runs\)/), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Accent colour'), { target: { value: 'teal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save alert options' }));
    expect(
      await within(form).findByText('Only http and https URLs can receive the webhook'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/Position moved by at least/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('A whole number of days from 1 to 365')).toBeInTheDocument();
    expect(within(form).getByLabelText(/over the last \(runs\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Give a colour as #0a7 or #00aa77')).toBeInTheDocument();
    expect(fake.callsTo('alerts.saveOptions')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^URL/), {
      target: { value: 'https://hooks.example.com/services/new' },
    });
    fireEvent.change(within(form).getByLabelText(/Position moved by at least/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Period (days)'), { target: { value: '14' } });
    fireEvent.click(within(form).getByLabelText('Answer reworded'));
    fireEvent.change(within(form).getByLabelText(/over the last \(runs\)/), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText(/at least \(points\)/), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('Accent colour'), { target: { value: '#0a7' } });
    fireEvent.change(within(form).getByLabelText('Client name'), { target: { value: '  Veloxa GmbH ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Choose logo…' }));
    expect(await within(form).findByRole('img', { name: 'Report logo' })).toHaveAttribute('src', LOGO);
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
        trendRuns: 20,
        trendMinChange: 0.15,
      },
      webhookUrl: 'https://hooks.example.com/services/new',
      reportDir: '/home/analyst/reports',
      reportDays: 14,
      branding: { clientName: 'Veloxa GmbH', reportSubject: null, accent: '#0a7', logo: LOGO },
    });
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved.');
  });
});
