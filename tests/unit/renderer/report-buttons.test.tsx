import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvokeInput, InvokeOutput } from '../../../src/shared/ipc/contract';
import { useAppStore } from '../../../src/renderer/src/stores/app-store';
import { useReportStore } from '../../../src/renderer/src/stores/report-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { useVisibilityStore } from '../../../src/renderer/src/stores/visibility-store';
import { MonitorsView } from '../../../src/renderer/src/views/monitors/MonitorsView';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { fail, installFakeParallax, sampleMonitor, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';
import { defaultAlertRules } from '../../../src/shared/alerts/rules';

// The "Client report…" buttons: on a monitor's row (7/30/90 days) and in Visibility when its
// scope is a monitor (the view's period and focus brand first). The form sends reports.write,
// the button shows the write's progress, a toast names the file; a canceled dialog writes nothing.

type WriteInput = InvokeInput<'reports.write'>;
type WriteOutput = InvokeOutput<'reports.write'>;

const written = (input: WriteInput, path: string | null): WriteOutput => ({
  path,
  format: input.format ?? 'html',
  bytes: path === null ? 0 : 73_728,
  monitorName: 'Daily shoes',
  from: '2025-04-02',
  to: '2025-05-01',
  answers: path === null ? 0 : 480,
});

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const toasts = (): string[] => useToastStore.getState().toasts.map((t) => `${t.level}: ${t.message}`);

describe('Client report buttons', () => {
  let fake: FakeParallax;

  beforeEach(async () => {
    resetStores();
    useReportStore.setState(useReportStore.getInitialState(), true);
    fake = installFakeParallax({
      'monitors.list': () => [sampleMonitor(), sampleMonitor({ id: 'm-2', name: 'Monday banks' })],
    });
    await useAppStore.getState().load();
  });

  async function openRowForm(name: string): Promise<HTMLElement> {
    render(<MonitorsView />);
    const table = await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(within(table).getByRole('button', { name: `Client report: ${name}` }));
    return screen.getByRole('dialog', { name: `Client report: ${name}` });
  }

  it("writes a monitor's report for the chosen period and format, shows progress, then a toast naming the file", async () => {
    const answer = deferred<WriteOutput>();
    fake.handle('reports.write', () => answer.promise);
    const form = await openRowForm('Daily shoes');
    const period = within(form).getByLabelText('Period');
    expect([...(period as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    expect((period as HTMLSelectElement).value).toBe('30');
    fireEvent.change(period, { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('radio', { name: /XLSX/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save report…' }));

    // While main writes: the button says so, a status line names the monitor, a second report waits.
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Writing the client report for Daily shoes',
    );
    expect(within(form).getByRole('button', { name: 'Writing report…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Client report: Monday banks' })).toBeDisabled();
    expect(fake.callsTo('reports.write')).toEqual([
      { monitorId: 'm-1', period: { days: 90 }, format: 'xlsx' },
    ]);

    await act(async () =>
      answer.resolve(written({ monitorId: 'm-1', format: 'xlsx' }, '/home/me/daily-shoes-2025-05-01.xlsx')),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([
      'success: Client report for Daily shoes (Apr 2, 2025 – May 1, 2025, 72 kB) saved: daily-shoes-2025-05-01.xlsx',
    ]);
    expect(screen.getByRole('button', { name: 'Client report: Monday banks' })).toBeEnabled();
  });

  it('a canceled save dialog writes nothing and leaves the form open; a failure is an error toast', async () => {
    fake.handle('reports.write', (input) => written(input, null));
    const form = await openRowForm('Monday banks');
    fireEvent.click(within(form).getByRole('button', { name: 'Save report…' }));
    await waitFor(() => expect(fake.callsTo('reports.write')).toHaveLength(1));
    expect(fake.callsTo('reports.write')[0]).toEqual({
      monitorId: 'm-2',
      period: { days: 30 },
      format: 'html',
    });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save report…' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: 'Client report: Monday banks' })).toBeInTheDocument();
    expect(toasts()).toEqual([]);

    fake.handle('reports.write', () => fail('SCOPE_NOT_FOUND', 'No monitor m-2'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save report…' }));
    await waitFor(() => expect(toasts()).toEqual(['error: Client report not written: No monitor m-2']));
    expect(useReportStore.getState().error?.code).toBe('SCOPE_NOT_FOUND');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks for the client's name and logo while the monitor has none, saves them into its options, and still writes without", async () => {
    fake.handle('alerts.chooseLogo', () => ({ logo: 'data:image/png;base64,iVBORw0KGgo=' }));
    const form = await openRowForm('Daily shoes');
    const prompt = await within(form).findByRole('group', { name: 'Client’s name and logo' });
    expect(prompt).toHaveTextContent('have no client’s name and no logo yet');
    expect(prompt).toHaveTextContent('the title uses the focus brand’s name');
    fireEvent.change(within(prompt).getByLabelText('Client name'), { target: { value: 'x'.repeat(300) } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save name and logo' }));
    // Too long: said under the field, nothing saved.
    expect(await within(prompt).findByText(/at most \d+ characters/)).toBeInTheDocument();
    expect(fake.callsTo('alerts.saveOptions')).toEqual([]);

    fireEvent.change(within(prompt).getByLabelText('Client name'), {
      target: { value: ' Daily Shoes GmbH ' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Choose logo…' }));
    expect(await within(prompt).findByAltText('Report logo')).toBeInTheDocument();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save name and logo' }));
    await waitFor(() => expect(fake.callsTo('alerts.saveOptions')).toHaveLength(1));
    expect(fake.callsTo('alerts.saveOptions')[0]).toMatchObject({
      monitorId: 'm-1',
      webhookUrl: null,
      reportDir: null,
      reportDays: null,
      branding: {
        clientName: 'Daily Shoes GmbH',
        logo: 'data:image/png;base64,iVBORw0KGgo=',
        reportSubject: null,
      },
    });
    expect(await within(form).findByText(/name and logo saved/)).toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: 'Client’s name and logo' })).toBeNull();
  });

  it('does not ask when the monitor has a client name and a logo', async () => {
    fake.handle('alerts.options', (input) => ({
      monitorId: input.monitorId,
      rules: defaultAlertRules(),
      webhookUrl: null,
      reportDir: null,
      reportDays: null,
      branding: {
        clientName: 'Shoes Inc',
        reportSubject: null,
        logo: 'data:image/png;base64,AA==',
        accent: null,
      },
      updatedAt: 1,
      lastDelivery: null,
    }));
    const form = await openRowForm('Daily shoes');
    await waitFor(() => expect(fake.callsTo('alerts.options')).toHaveLength(1));
    expect(within(form).queryByRole('group', { name: 'Client’s name and logo' })).toBeNull();
  });

  it("Visibility offers it only for a monitor scope, with the view's period and focus brand first", async () => {
    fake.handle('reports.write', (input) => written(input, '/tmp/r.html'));
    const view = render(<VisibilityView />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    expect(screen.queryByRole('button', { name: /^Client report/ })).toBeNull();
    view.unmount();

    act(() =>
      useVisibilityStore.getState().setFilters({
        scope: { kind: 'monitor', id: 'm-1' },
        period: { from: '2025-03-01', to: '2025-03-31' },
        brandId: 'b-acme',
      }),
    );
    render(<VisibilityView />);
    const button = await screen.findByRole('button', { name: 'Client report: Daily shoes' });
    fireEvent.click(button);
    const form = screen.getByRole('dialog', { name: 'Client report: Daily shoes' });
    const period = within(form).getByLabelText('Period') as HTMLSelectElement;
    expect([...period.options].map((o) => o.text)).toEqual([
      '2025-03-01 – 2025-03-31 (this view)',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Save report…' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(fake.callsTo('reports.write')).toEqual([
      {
        monitorId: 'm-1',
        period: { from: '2025-03-01', to: '2025-03-31' },
        format: 'html',
        brandId: 'b-acme',
      },
    ]);
  });
});
