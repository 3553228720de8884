import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunDetailView } from '../../../src/shared/ipc/channels/runs';
import { HistoryView } from '../../../src/renderer/src/views/history/HistoryView';
import { useCompareStore } from '../../../src/renderer/src/stores/compare-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useRunBoardStore } from '../../../src/renderer/src/stores/run-board-store';
import { fail, installFakeParallax, sampleRun, type FakeParallax } from './fake-parallax';
import { installLayoutShim } from './layout-shim';
import { resetStores } from './reset-stores';

installLayoutShim();

describe('History: Delete run', () => {
  let fake: FakeParallax;
  let runs: RunDetailView[];

  beforeEach(() => {
    resetStores();
    runs = [
      { ...sampleRun('run-a'), name: 'Alpha' },
      { ...sampleRun('run-b'), name: 'Beta' },
      { ...sampleRun('run-c'), name: 'Gamma' },
    ];
    fake = installFakeParallax({
      'runs.list': (i) => ({ runs: runs.slice(i.offset ?? 0), total: runs.length }),
      'runs.delete': (i) => {
        const before = runs.length;
        runs = runs.filter((r) => r.id !== i.runId);
        return { deleted: runs.length < before };
      },
    });
    useNavStore.setState({ view: 'history' });
  });

  async function runsList(): Promise<HTMLElement> {
    const list = await screen.findByRole('grid', { name: 'Runs' });
    await within(list).findByText('Alpha');
    return list;
  }

  it('asks first, then deletes the run, refreshes the list and lets go of it everywhere', async () => {
    useNavStore.setState({ runId: 'run-b' });
    useRunBoardStore.setState({ runId: 'run-b', detail: runs[1] ?? null });
    useCompareStore.setState({ runId: 'run-b', detail: runs[1] ?? null });
    render(<HistoryView />);
    const list = await runsList();
    fireEvent.click(within(list).getByRole('button', { name: /^Delete run Beta,/ }));
    // The row's button does not open the run.
    expect(useNavStore.getState().view).toBe('history');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete run' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/^Beta \(.*, 3 jobs\): .* This cannot be undone\.$/);
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    expect(fake.callsTo('runs.delete')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(screen.getByRole('grid', { name: 'Runs' })).queryByText('Beta')).toBeNull(),
    );
    expect(fake.callsTo('runs.delete')).toEqual([{ runId: 'run-b' }]);
    expect(fake.callsTo('runs.list').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('2 runs')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deleted Beta.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useNavStore.getState().runId).toBeNull();
    expect(useRunBoardStore.getState()).toMatchObject({ runId: null, detail: null });
    expect(useCompareStore.getState()).toMatchObject({ runId: null, detail: null });
    expect(screen.getByRole('grid', { name: 'Runs' })).toHaveFocus();
  });

  it('keeps the run with Keep or Escape, and opens the dialog with the Delete key on the active row', async () => {
    render(<HistoryView />);
    const list = await runsList();
    fireEvent.click(within(list).getByRole('button', { name: /^Delete run Alpha,/ }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete run' })).getByRole('button', { name: 'Keep' }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Delete' });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete run' });
    expect(dialog.textContent).toContain('Gamma');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Keep' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('runs.delete')).toEqual([]);
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(useNavStore.getState().view).toBe('history');
  });

  it('shows why a run cannot be deleted and leaves the list as it was', async () => {
    fake.handle('runs.delete', () =>
      fail('RUN_ACTIVE', 'This run is in progress: cancel it before deleting it.'),
    );
    render(<HistoryView />);
    const list = await runsList();
    fireEvent.click(within(list).getByRole('button', { name: /^Delete run Gamma,/ }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete run' })).getByRole('button', { name: 'Delete' }),
    );
    const alert = await within(screen.getByRole('alertdialog', { name: 'Delete run' })).findByRole('alert');
    expect(alert.textContent).toContain('RUN_ACTIVE');
    expect(alert.textContent).toContain('cancel it before deleting it');
    expect(screen.getByRole('alertdialog', { name: 'Delete run' })).toBeInTheDocument();
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(fake.callsTo('runs.list')).toHaveLength(1);
  });
});
