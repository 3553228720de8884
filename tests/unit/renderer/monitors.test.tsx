import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MonitorView } from '../../../src/shared/ipc/channels/library';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { MonitorsView } from '../../../src/renderer/src/views/monitors/MonitorsView';
import { useAppStore } from '../../../src/renderer/src/stores/app-store';
import { useComposeStore } from '../../../src/renderer/src/stores/compose-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { fail, installFakeParallax, SAMPLE_PROMPT, sampleMonitor, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

describe('Monitors view', () => {
  let fake: FakeParallax;
  let monitors: MonitorView[];
  let paused: boolean;

  beforeEach(async () => {
    resetStores();
    paused = false;
    monitors = [
      sampleMonitor(),
      sampleMonitor({
        id: 'm-2',
        name: 'Monday banks',
        cadence: '0 9 * * 1',
        enabled: false,
        lastRunId: null,
        lastRunAt: null,
      }),
    ];
    fake = installFakeParallax({
      'monitors.list': () => monitors,
      'monitors.delete': (i) => {
        monitors = monitors.filter((m) => m.id !== i.id);
        return { deleted: true };
      },
      'settings.update': (patch) => {
        paused = patch.monitorsPaused ?? paused;
        const settings = useAppStore.getState().settings;
        if (!settings) throw new Error('settings not loaded');
        return { ...settings, monitorsPaused: paused };
      },
    });
    await useAppStore.getState().load();
    useNavStore.setState({ view: 'monitors' });
  });

  it('lists each monitor with its cadence, state, next due time and a link to its last run', async () => {
    render(<MonitorsView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Monitors' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Monitors' });
    const [, daily, monday] = within(table).getAllByRole('row');
    expect(daily?.textContent).toContain('Daily shoes');
    expect(daily?.textContent).toContain('1 prompt · US DE');
    expect(daily?.textContent).toContain('Daily');
    expect(daily?.textContent).toContain('May 2, 2025');
    expect(
      within(daily as HTMLElement).getByRole('checkbox', { name: 'Enabled: Daily shoes' }),
    ).toBeChecked();
    expect(monday?.textContent).toContain('Cron 0 9 * * 1 (UTC)');
    expect(monday?.textContent).toContain('off');
    expect(monday?.textContent).toContain('Not run yet');
    expect(
      within(monday as HTMLElement).getByRole('checkbox', { name: 'Enabled: Monday banks' }),
    ).not.toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Open last run of Daily shoes in Compare' }));
    expect(useNavStore.getState()).toMatchObject({ view: 'compare', runId: 'run-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Open last run of Daily shoes on the Run board' }));
    expect(useNavStore.getState()).toMatchObject({ view: 'run', runId: 'run-1' });
  });

  it('adds a monitor from the Compose spec, showing a refused cron expression next to its input', async () => {
    useComposeStore.setState({
      name: 'Shoes weekly',
      promptsText: `${SAMPLE_PROMPT}\nbest trail shoes`,
      countries: ['US', 'FR'],
      states: ['CA'],
    });
    fake.handle('monitors.save', (i) => {
      if (i.cadence === '61 * * * *')
        fail(
          'INVALID_MONITOR',
          '"61 * * * *" is neither daily, weekly nor a valid cron expression (Constraint error)',
        );
      const saved = sampleMonitor({
        id: 'm-3',
        name: i.name,
        cadence: i.cadence,
        lastRunId: null,
        lastRunAt: null,
      });
      monitors = [...monitors, saved];
      return saved;
    });
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(screen.getByRole('button', { name: 'Add monitor from Compose' }));
    const form = screen.getByRole('form', { name: 'New monitor' });
    expect(within(form).getByTestId('monitor-spec-summary').textContent).toBe(
      '2 prompts · Assistant A · US FR US-CA · 1 repeat · sync',
    );
    expect(within(form).getByLabelText('Monitor name')).toHaveValue('Shoes weekly');
    fireEvent.change(within(form).getByLabelText('Cadence'), { target: { value: 'cron' } });
    const cron = within(form).getByLabelText('Cron expression');
    expect(within(form).getByRole('button', { name: 'Save monitor' })).toBeDisabled();
    fireEvent.change(cron, { target: { value: '61 * * * *' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save monitor' }));

    await waitFor(() => expect(cron).toHaveAttribute('aria-invalid', 'true'));
    expect(cron).toHaveAccessibleDescription(
      '"61 * * * *" is neither daily, weekly nor a valid cron expression (Constraint error)',
    );
    expect(within(form).getByLabelText('Monitor name')).not.toHaveAttribute('aria-invalid');
    expect(fake.callsTo('monitors.save')[0]).toEqual({
      name: 'Shoes weekly',
      cadence: '61 * * * *',
      enabled: true,
      spec: {
        name: 'Shoes weekly',
        prompts: [SAMPLE_PROMPT, 'best trail shoes'],
        engines: ['assistant-a'],
        countries: ['US', 'FR'],
        states: ['CA'],
        repeats: 1,
        mode: 'sync',
        priority: 1,
        engineOptions: {},
        budget: null,
        tags: [],
      },
    });

    fireEvent.change(cron, { target: { value: '0 9 * * 1' } });
    fireEvent.click(within(form).getByLabelText('Enabled'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save monitor' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New monitor' })).toBeNull());
    expect(fake.callsTo('monitors.save')[1]).toMatchObject({ cadence: '0 9 * * 1', enabled: false });
    const table = screen.getByRole('table', { name: 'Monitors' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  });

  it('files the new monitor’s prompts under its topics in the library, keeping their other topics', async () => {
    useComposeStore.setState({
      name: 'Shoes daily',
      promptsText: `${SAMPLE_PROMPT}\nbest trail shoes`,
      countries: ['US'],
    });
    fake.handle('prompts.list', () => [{ id: 'p-1', text: SAMPLE_PROMPT, tags: ['Q3'], createdAt: 1 }]);
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(screen.getByRole('button', { name: 'Add monitor from Compose' }));
    const form = screen.getByRole('form', { name: 'New monitor' });
    fireEvent.change(within(form).getByLabelText('Topics of its prompts (comma separated)'), {
      target: { value: 'Buying guides, q3' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save monitor' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New monitor' })).toBeNull());
    expect(fake.callsTo('prompts.save')).toEqual([
      { id: 'p-1', text: SAMPLE_PROMPT, tags: ['Q3', 'Buying guides'] },
      { text: 'best trail shoes', tags: ['Buying guides', 'q3'] },
    ]);
  });

  it('files a saved monitor’s prompts under topics from its row, keeping their other topics', async () => {
    fake.handle('prompts.list', () => [
      { id: 'p-1', text: monitors[0]?.spec.prompts[0] ?? '', tags: ['Q3'], createdAt: 1 },
    ]);
    render(<MonitorsView />);
    const table = await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(within(table).getAllByRole('button', { name: /Alerts…/ })[0] as HTMLElement);
    fireEvent.change(screen.getByLabelText('Topics of its prompts (comma separated)'), {
      target: { value: 'Buying guides' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'File under topics' }));
    expect(await screen.findByText(/filed under Buying guides/)).toBeInTheDocument();
    const prompts = monitors[0]?.spec.prompts ?? [];
    expect(fake.callsTo('prompts.save')[0]).toEqual({
      id: 'p-1',
      text: prompts[0],
      tags: ['Q3', 'Buying guides'],
    });
    expect(fake.callsTo('prompts.save')).toHaveLength(new Set(prompts).size);
  });

  it('places validation errors on the name and the spec, and needs prompts and a location first', async () => {
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(screen.getByRole('button', { name: 'Add monitor from Compose' }));
    let form = screen.getByRole('form', { name: 'New monitor' });
    expect(form.textContent).toContain('Add at least one prompt in Compose.');
    expect(form.textContent).toContain('Choose at least one country or US state in Compose.');
    expect(within(form).getByRole('button', { name: 'Save monitor' })).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    useComposeStore.setState({ promptsText: SAMPLE_PROMPT, countries: ['US'] });
    fake.handle('monitors.save', () =>
      fail('VALIDATION_ERROR', 'Invalid input for monitors.save', [
        { field: 'name', message: 'Too big: expected string to have <=200 characters' },
        { field: 'spec.engineOptions.assistant-a.pages', message: 'Too big: expected number to be <=10' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add monitor from Compose' }));
    form = screen.getByRole('form', { name: 'New monitor' });
    expect(within(form).getByLabelText('Monitor name')).toHaveValue(SAMPLE_PROMPT);
    fireEvent.click(within(form).getByRole('button', { name: 'Save monitor' }));
    const name = within(form).getByLabelText('Monitor name');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Too big: expected string to have <=200 characters'),
    );
    expect(form.textContent).toContain('Too big: expected number to be <=10');
    expect(within(form).getByRole('alert').textContent).toContain('VALIDATION_ERROR');
    expect(fake.callsTo('monitors.save')[0]).toMatchObject({ cadence: 'daily' });
  });

  it('runs a monitor now and opens the run board on the new run; a refused start is shown', async () => {
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(screen.getByRole('button', { name: 'Run now: Daily shoes' }));
    await waitFor(() => expect(useNavStore.getState()).toMatchObject({ view: 'run', runId: 'run-monitor' }));
    expect(fake.callsTo('monitors.runNow')).toEqual([{ id: 'm-1' }]);

    useNavStore.setState({ view: 'monitors' });
    fake.handle('monitors.runNow', () =>
      fail('MONITOR_NOT_STARTED', 'The maximum cost 30 exceeds the balance of 12 credits'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run now: Monday banks' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('MONITOR_NOT_STARTED');
    expect(alert.textContent).toContain('exceeds the balance of 12 credits');
    expect(useNavStore.getState().view).toBe('monitors');
  });

  it('turns a monitor off, deletes one after a confirm, and pauses them all', async () => {
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enabled: Daily shoes' }));
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(1));
    expect(fake.callsTo('monitors.save')[0]).toEqual({
      id: 'm-1',
      name: 'Daily shoes',
      spec: monitors[0]?.spec,
      cadence: 'daily',
      enabled: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete monitor: Monday banks' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete monitor: Monday banks' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(fake.callsTo('monitors.delete')).toEqual([{ id: 'm-2' }]);

    const pause = screen.getByRole('checkbox', { name: 'Pause all monitors' });
    expect(pause).not.toBeChecked();
    fireEvent.click(pause);
    await waitFor(() => expect(pause).toBeChecked());
    expect(fake.callsTo('settings.update')).toEqual([{ monitorsPaused: true }]);
    expect(screen.getByText(/^Paused: no monitor starts on its own/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('paused')).toBeInTheDocument();
  });

  /** The main side keeps what is saved, so the list read after each save shows it. */
  function keepSaved(): void {
    fake.handle('monitors.save', (input) => {
      const saved = sampleMonitor({
        id: input.id ?? 'm-new',
        name: input.name,
        spec: runSpecSchema.parse(input.spec),
        cadence: input.cadence,
      });
      monitors = monitors.map((m) => (m.id === saved.id ? saved : m));
      return saved;
    });
  }

  it('tracks shopping and ads on a saved monitor, and stops', async () => {
    keepSaved();
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    const box = () => screen.getByRole('checkbox', { name: 'Track shopping and ads: Daily shoes' });
    expect(box()).not.toBeChecked();
    const before = monitors[0]?.spec;
    fireEvent.click(box());
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(1));
    expect(fake.callsTo('monitors.save')[0]).toEqual({
      id: 'm-1',
      name: 'Daily shoes',
      spec: { ...before, commerce: { shoppingAndAds: true, expandProducts: false } },
      cadence: 'daily',
      enabled: true,
    });
    await waitFor(() => expect(box()).toBeChecked());
    fireEvent.click(box());
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(2));
    expect(fake.callsTo('monitors.save')[1]?.spec.commerce).toBeUndefined();
    await waitFor(() => expect(box()).not.toBeChecked());
  });

  it('expands products on a monitor whose engines take it, keeping shopping and ads as they are', async () => {
    keepSaved();
    // The sample asks assistant-a only, which takes no expansion: the switch is off and says why.
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    const expand = () =>
      screen.getByRole('checkbox', { name: 'Expand products (merchant offers): Daily shoes' });
    expect(expand()).toBeDisabled();
    expect(expand().closest('label')?.getAttribute('title')).toMatch(
      /^None of its engines expands products \(.+ does\)$/,
    );
    cleanup();
    const first = monitors[0] as MonitorView;
    monitors = [
      {
        ...first,
        spec: runSpecSchema.parse({
          ...first.spec,
          engines: ['assistant-a', 'search-ai'],
          commerce: { shoppingAndAds: true, expandProducts: false },
        }),
      },
    ];
    resetStores();
    await useAppStore.getState().load();
    render(<MonitorsView />);
    await screen.findByRole('table', { name: 'Monitors' });
    expect(expand()).toBeEnabled();
    expect(expand()).not.toBeChecked();
    fireEvent.click(expand());
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(1));
    expect(fake.callsTo('monitors.save')[0]?.spec.commerce).toEqual({
      shoppingAndAds: true,
      expandProducts: true,
    });
    await waitFor(() => expect(expand()).toBeChecked());
    // Shopping and ads off: products stay expanded.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Track shopping and ads: Daily shoes' }));
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(2));
    expect(fake.callsTo('monitors.save')[1]?.spec.commerce).toEqual({
      shoppingAndAds: false,
      expandProducts: true,
    });
    fireEvent.click(expand());
    await waitFor(() => expect(fake.callsTo('monitors.save')).toHaveLength(3));
    expect(fake.callsTo('monitors.save')[2]?.spec.commerce).toBeUndefined();
  });

  it('shows empty, loading and error states', async () => {
    monitors = [];
    const { unmount } = render(<MonitorsView />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText(/^No monitors yet\./)).toBeInTheDocument();
    unmount();

    resetStores();
    await useAppStore.getState().load();
    fake.handle('monitors.list', () => fail('HISTORY_DAMAGED', 'The history file is damaged'));
    render(<MonitorsView />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HISTORY_DAMAGED');
    fake.handle('monitors.list', () => [sampleMonitor()]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Monitors' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
