import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { preloadAllViews } from '../../../src/renderer/src/views/lazy-views';
import { installFakeParallax, sampleProgress, sampleRun, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Views are lazy chunks: load them once up front, so a first import's transform time is not
// taken out of each findBy's wait.
beforeAll(() => preloadAllViews(), 120_000);

describe('run picker status', () => {
  let fake: FakeParallax;
  let listed: ReturnType<typeof sampleRun>[];

  beforeEach(() => {
    resetStores();
    listed = [{ ...sampleRun('run-1', 'running'), name: 'Shoes' }];
    fake = installFakeParallax({
      'runs.list': () => ({ runs: listed, total: listed.length }),
      'runs.get': (i) => listed.find((r) => r.id === i.runId) ?? sampleRun(i.runId, 'running'),
      'runs.progress': (i) => sampleProgress(i.runId),
    });
  });

  function pickerOptions(): string[] {
    const picker = screen.getByRole('combobox', { name: 'Run' });
    return within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
  }

  it('follows run.progress events from App: the status changes and new runs appear without reopening the view', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    fireEvent.keyDown(window, { key: '3', ctrlKey: true });
    await screen.findByRole('heading', { level: 1, name: 'Compare' });
    await waitFor(() => expect(pickerOptions()).toEqual([expect.stringMatching(/^Shoes · .* · running$/)]));
    const listCalls = fake.callsTo('runs.list').length;

    // The history still says "running" (main answers from a stale list): the event wins.
    act(() => fake.emit('run.progress', sampleProgress('run-1', { status: 'completed' })));
    // A completed run is listed by its name and date alone; other statuses are spelled out.
    await waitFor(() => expect(pickerOptions()).toEqual([expect.stringMatching(/^Shoes · [^·]+$/)]));
    expect(fake.callsTo('runs.list').length).toBeGreaterThan(listCalls);

    // A run started elsewhere (a monitor) shows up in the list once main reports it.
    listed = [{ ...sampleRun('run-2', 'running'), name: 'Monitor run' }, ...listed];
    act(() => fake.emit('run.progress', sampleProgress('run-2')));
    await waitFor(() => expect(pickerOptions()[0]).toMatch(/^Monitor run · .* · running$/));
    expect(pickerOptions()[1]).toMatch(/^Shoes · [^·]+$/);

    // Repeated progress with the same status does not read the list again.
    const calls = fake.callsTo('runs.list').length;
    act(() => fake.emit('run.progress', sampleProgress('run-2', { creditsSpent: 5 })));
    expect(fake.callsTo('runs.list')).toHaveLength(calls);
  });
});

describe('sidebar groups and shortcuts', () => {
  beforeEach(() => {
    resetStores();
    installFakeParallax();
  });

  it('groups the sidebar (analyse, collect, review, setup), its shortcuts in its own order (Ctrl+1…5, Ctrl+Shift+M and U, Ctrl+6…9, 0, then Ctrl+Shift+T and Ctrl+,)', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(
      within(nav)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Analyse', 'Collect', 'Review', 'Setup']);
    expect(
      within(within(nav).getByRole('list', { name: 'Collect' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ComposeCtrl+6', 'RunCtrl+7', 'MonitorsCtrl+8', 'LibraryCtrl+9']);
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-keyshortcuts'))).toEqual([
      'Control+1',
      'Control+2',
      'Control+3',
      'Control+4',
      'Control+5',
      'Control+Shift+M',
      'Control+Shift+U',
      'Control+6',
      'Control+7',
      'Control+8',
      'Control+9',
      'Control+0',
      'Control+Shift+T',
      'Control+,',
    ]);
    // Alerts carries its unread count between its name and its shortcut.
    expect(buttons[1]?.textContent).toMatch(/^Alerts(\d+ unread)?Ctrl\+2$/u);
    expect(buttons.filter((_, i) => i !== 1).map((b) => b.textContent)).toEqual([
      'VisibilityCtrl+1',
      'CompareCtrl+3',
      'Over timeCtrl+4',
      'BrandsCtrl+5',
      'CommerceCtrl+Shift+M',
      'FunnelCtrl+Shift+U',
      'ComposeCtrl+6',
      'RunCtrl+7',
      'MonitorsCtrl+8',
      'LibraryCtrl+9',
      'HistoryCtrl+0',
      'ToolsCtrl+Shift+T',
      'SettingsCtrl+,',
    ]);

    fireEvent.keyDown(window, { key: '9', ctrlKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: '0', ctrlKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: '2', ctrlKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'T', ctrlKey: true, shiftKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tools' })).toBeInTheDocument();
    // Ctrl+T alone (no Shift) is not a view.
    fireEvent.keyDown(window, { key: 't', ctrlKey: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Tools' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Visibility' })).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'M', ctrlKey: true, shiftKey: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commerce' })).toBeInTheDocument();

    // Arrow keys walk the sidebar in its order, across the groups: Funnel → Compose, Settings → Visibility.
    fireEvent.keyDown(within(nav).getByRole('button', { name: /^Funnel/ }), { key: 'ArrowDown' });
    expect(within(nav).getByRole('button', { name: /^Compose/ })).toHaveFocus();
    fireEvent.keyDown(within(nav).getByRole('button', { name: /^Settings/ }), { key: 'ArrowDown' });
    expect(within(nav).getByRole('button', { name: /^Visibility/ })).toHaveFocus();
    fireEvent.keyDown(within(nav).getByRole('button', { name: /^Visibility/ }), { key: 'ArrowUp' });
    expect(within(nav).getByRole('button', { name: /^Settings/ })).toHaveFocus();
  });
});
