import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DemoBuildView, DemoStatusView } from '../../../src/shared/ipc/channels/demo';
import type { SettingsView as SettingsValue } from '../../../src/shared/ipc/channels/settings';
import { useAppStore } from '../../../src/renderer/src/stores/app-store';
import { useDemoStore } from '../../../src/renderer/src/stores/demo-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { FirstRunView } from '../../../src/renderer/src/views/first-run/FirstRunView';
import { SettingsView } from '../../../src/renderer/src/views/settings/SettingsView';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { fakeSettings } from './fake-handlers';
import { resetStores } from './reset-stores';

// "Load a demo history" on the first-run screen and in Settings: progress, cancel, delete.

const SETTINGS: SettingsValue = fakeSettings({ sandboxMode: false, dataFolder: '/data' });

const NO_DEMO: DemoStatusView = {
  present: false,
  building: false,
  days: null,
  builtAt: null,
  runs: 0,
  results: 0,
};

function build(over: Partial<DemoBuildView> = {}): DemoBuildView {
  return {
    days: 90,
    monitors: 2,
    runs: 180,
    results: 3600,
    brands: 6,
    elapsedMs: 5000,
    canceled: false,
    ...over,
  };
}

describe('demo history', () => {
  let fake: FakeParallax;
  let status: DemoStatusView;
  /** Finishes the pending demo.load call. */
  let finish: (v: DemoBuildView) => void;

  beforeEach(() => {
    resetStores();
    useDemoStore.setState(useDemoStore.getInitialState(), true);
    status = NO_DEMO;
    finish = () => {
      throw new Error('demo.load was not called');
    };
    fake = installFakeParallax({
      'demo.status': () => status,
      'demo.load': () =>
        new Promise<DemoBuildView>((resolve) => {
          finish = resolve;
        }),
      'settings.update': (patch) => ({ ...SETTINGS, ...patch }) as SettingsValue,
    });
    useAppStore.setState({
      settings: SETTINGS,
      key: {
        configured: false,
        masked: null,
        backend: { kind: 'os-keychain', label: 'OS keychain' },
        state: 'missing',
        balance: null,
        plan: null,
        error: null,
      },
    });
    // Whatever view was last chosen, a complete demo lands on Visibility.
    useNavStore.setState({ view: 'compose' });
  });

  it('loads from first run with progress, turns the sandbox on and lands on Visibility', async () => {
    render(<FirstRunView />);
    expect(screen.getByRole('button', { name: 'Try the sandbox' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '90 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load a demo history' }));
    const bar = await screen.findByRole('progressbar', { name: 'Demo history progress' });
    // Every engine by default (the preview), so the engine dimension shows.
    expect(fake.callsTo('demo.load')).toEqual([{ days: 90, preview: true }]);

    act(() =>
      fake.emit('demo.progress', {
        phase: 'building',
        day: 12,
        days: 90,
        runs: 24,
        results: 480,
        message: null,
      }),
    );
    expect(screen.getByTestId('demo-progress-text').textContent).toBe(
      'Building day 12 of 90 · 24 runs · 480 answers',
    );
    expect(bar).toHaveAttribute('value', '12');
    expect(bar).toHaveAttribute('max', '90');
    expect(fake.callsTo('settings.update')).toEqual([]);

    status = { present: true, building: false, days: 90, builtAt: 1, runs: 180, results: 3600 };
    act(() => finish(build()));
    await waitFor(() => expect(useNavStore.getState().view).toBe('visibility'));
    // No key: the app opens past first run in sandbox mode, on the synthetic demo.
    expect(fake.callsTo('settings.update')).toEqual([{ sandboxMode: true }]);
    expect(useAppStore.getState().settings?.sandboxMode).toBe(true);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Demo history loaded: 3,600 synthetic answers over 90 days.',
    ]);
    // Progress events after the build are no longer followed.
    fake.emit('demo.progress', { phase: 'done', day: 90, days: 90, runs: 180, results: 3600, message: null });
    expect(useDemoStore.getState().progress?.phase).toBe('building');
  });

  it('the spec demo: asked for by unticking the preview box, which is ticked by default', async () => {
    render(<FirstRunView />);
    const box = screen.getByRole('checkbox', { name: 'Every engine (Preview: all engines)' });
    expect(box).toBeChecked();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Load a demo history' }));
    await screen.findByRole('progressbar', { name: 'Demo history progress' });
    expect(fake.callsTo('demo.load')).toEqual([{ days: 30 }]);
    status = { present: true, building: false, days: 30, builtAt: 1, runs: 90, results: 7200 };
    act(() => finish(build({ days: 30, results: 7200 })));
    await waitFor(() => expect(useNavStore.getState().view).toBe('visibility'));
    expect(screen.queryByTestId('demo-preview-note')).toBeNull();
  });

  it('the preview demo: asked for by default, labelled a preview once loaded', async () => {
    render(<FirstRunView />);
    fireEvent.click(screen.getByRole('button', { name: 'Load a demo history' }));
    await screen.findByRole('progressbar', { name: 'Demo history progress' });
    expect(fake.callsTo('demo.load')).toEqual([{ days: 30, preview: true }]);
    status = {
      present: true,
      building: false,
      days: 30,
      builtAt: 1,
      runs: 90,
      results: 7200,
      variant: 'preview',
    };
    act(() => finish(build({ days: 30, results: 7200, variant: 'preview' })));
    await waitFor(() => expect(useNavStore.getState().view).toBe('visibility'));
    expect((await screen.findByTestId('demo-preview-note')).textContent).toMatch(
      /^Preview: all engines: the demo asks every engine, including those the spec still lists as coming soon/,
    );
  });

  it('cancels a build: demo.cancel is called, what was built is kept and the view stays', async () => {
    render(<FirstRunView />);
    fireEvent.click(screen.getByRole('button', { name: 'Load a demo history' }));
    await screen.findByRole('progressbar', { name: 'Demo history progress' });
    expect(fake.callsTo('demo.load')).toEqual([{ days: 30, preview: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.callsTo('demo.cancel')).toEqual([{}]));
    expect(screen.getByRole('button', { name: 'Canceling…' })).toBeDisabled();

    status = { present: true, building: false, days: 30, builtAt: 1, runs: 8, results: 160 };
    act(() => finish(build({ days: 30, runs: 8, results: 160, canceled: true })));
    expect(await screen.findByText(/Canceled: the 160 answers built so far are kept/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(useNavStore.getState().view).toBe('compose');
    expect(fake.callsTo('settings.update')).toEqual([]);
    // The partial demo can be opened from here.
    fireEvent.click(await screen.findByRole('button', { name: 'Open the demo history' }));
    await waitFor(() => expect(useNavStore.getState().view).toBe('visibility'));
    expect(fake.callsTo('settings.update')).toEqual([{ sandboxMode: true }]);
  });

  it('shows why a build was refused and stays put', async () => {
    fake.handle('demo.load', () =>
      fail('DEMO_BUSY', 'A demo history is being built: wait for it or cancel it.'),
    );
    render(<FirstRunView />);
    fireEvent.click(screen.getByRole('button', { name: 'Load a demo history' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('DEMO_BUSY');
    expect(useNavStore.getState().view).toBe('compose');
    expect(screen.getByRole('button', { name: 'Load a demo history' })).toBeEnabled();
  });

  it('offers Cancel for a build this window did not start', async () => {
    status = { ...NO_DEMO, building: true };
    render(<FirstRunView />);
    expect(await screen.findByText('A demo history is being built.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load a demo history' })).toBeNull();
    status = NO_DEMO;
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.callsTo('demo.cancel')).toEqual([{}]));
    expect(await screen.findByRole('button', { name: 'Load a demo history' })).toBeInTheDocument();
  });

  it('shows the demo status in Settings and deletes the demo only after confirmation', async () => {
    status = {
      present: true,
      building: false,
      days: 30,
      builtAt: Date.UTC(2025, 4, 1),
      runs: 60,
      results: 1234,
    };
    fake.handle('demo.delete', () => {
      status = NO_DEMO;
      return { runs: 60, monitors: 2, brands: 6 };
    });
    useNavStore.setState({ view: 'settings' });
    render(<SettingsView />);
    const facts = screen.getByTestId('demo-status');
    await waitFor(() => expect(facts.textContent).toContain('Loaded: 1,234 answers in 60 runs over 30 days'));
    expect(screen.queryByRole('button', { name: 'Load a demo history' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the demo history' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the demo history' });
    expect(dialog.textContent).toContain('Your own runs stay');
    expect(fake.callsTo('demo.delete')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete demo runs, monitors and brands' }));
    await waitFor(() => expect(fake.callsTo('demo.delete')).toEqual([{}]));
    await waitFor(() => expect(facts.textContent).toContain('None'));
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Demo history deleted: 60 runs, 2 monitors, 6 brands.',
    ]);
    // With no demo left, Settings offers to load one again.
    expect(screen.getByRole('button', { name: 'Load a demo history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the demo history' })).toBeNull();
  });

  it('loads from Settings and lands on Visibility, labelled synthetic', async () => {
    useNavStore.setState({ view: 'settings' });
    render(<SettingsView />);
    await waitFor(() => expect(screen.getByTestId('demo-status').textContent).toContain('None'));
    const group = screen.getByRole('group', { name: 'Demo history' });
    expect(within(group).getByText('Sandbox · synthetic data')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Load a demo history' }));
    await screen.findByRole('progressbar');
    act(() => finish(build({ days: 30 })));
    await waitFor(() => expect(useNavStore.getState().view).toBe('visibility'));
    // Settings never changes the sandbox setting on its own.
    expect(fake.callsTo('settings.update')).toEqual([]);
  });
});
