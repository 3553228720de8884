import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RunBoardView } from '../../../src/renderer/src/views/run-board/RunBoardView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useRunBoardStore } from '../../../src/renderer/src/stores/run-board-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import {
  installFakeParallax,
  sampleCells,
  sampleProgress,
  sampleRun,
  type FakeParallax,
} from './fake-parallax';
import { resetStores } from './reset-stores';

function runningCells() {
  return sampleCells().map((c, i) => ({
    ...c,
    jobState: i === 0 ? ('running' as const) : ('pending' as const),
    resultId: null,
  }));
}

describe('Live run board', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'runs.get': (i) => sampleRun(i.runId, 'running'),
      'runs.progress': (i) => sampleProgress(i.runId),
      'runs.matrix': () => runningCells(),
    });
    useNavStore.setState({ runId: 'run-1', view: 'run' });
  });

  async function renderBoard(): Promise<void> {
    render(<RunBoardView />);
    await screen.findByRole('grid', { name: 'Jobs by location and engine' });
    // The App subscribes run events for the board; do the same here.
    const { onProgress, onJob } = useRunBoardStore.getState();
    fake.api.on('run.progress', onProgress);
    fake.api.on('run.job', onJob);
  }

  it('shows progress, slots against the plan, credits and rate limit, and the location × engine grid', async () => {
    await renderBoard();
    expect(screen.getByRole('heading', { name: 'Run' })).toBeInTheDocument();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.getByText('985')).toBeInTheDocument();
    expect(screen.getByText('58')).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByRole('button', { name: /US Assistant A: 1 running/ })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /DE Assistant A: 1 pending/ })).toBeInTheDocument();
  });

  it('updates cells from run.job events and announces the end with a toast (no notification permission)', async () => {
    await renderBoard();
    act(() => {
      fake.emit('run.job', {
        runId: 'run-1',
        jobId: 'run-1-job-1',
        state: 'failed',
        resultId: null,
        errorCode: 'RATE_LIMITED',
      });
      fake.emit('run.job', {
        runId: 'other-run',
        jobId: 'run-1-job-2',
        state: 'succeeded',
        resultId: 'x',
        errorCode: null,
      });
    });
    expect(screen.getByRole('button', { name: /DE Assistant A: 1 failed/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /FR Assistant A: 1 pending/ })).toBeInTheDocument();

    act(() => {
      fake.emit(
        'run.progress',
        sampleProgress('run-1', {
          status: 'completed',
          counts: { pending: 0, queued: 0, running: 0, succeeded: 2, failed: 1, interrupted: 0, canceled: 0 },
          creditsSpent: 10,
          recentErrors: [
            {
              jobId: 'run-1-job-1',
              code: 'RATE_LIMITED',
              message: 'Too many requests',
              requestId: 'req_123',
            },
          ],
        }),
      );
    });
    expect(screen.getByTestId('run-progress-text').textContent).toContain('3 / 3 jobs done');
    const errors = screen.getByRole('table', { name: 'Job errors' });
    expect(errors.textContent).toContain('RATE_LIMITED');
    expect(errors.textContent).toContain('req_123');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Shoes completed: 2 of 3 jobs succeeded, 10 credits spent',
    ]);
  });

  it('pauses, and warns that clearing the queue on cancel affects the whole organization', async () => {
    fake.handle('runs.get', (i) => ({ ...sampleRun(i.runId, 'running'), mode: 'async' as const }));
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(fake.callsTo('runs.pause')).toEqual([{ runId: 'run-1' }]));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: /clear the organization’s queue/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel run' });
    expect(dialog.textContent).toContain('every queued task of your whole organization');
    expect(fake.callsTo('runs.cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and clear the queue' }));
    await waitFor(() => expect(fake.callsTo('runs.cancel')).toEqual([{ runId: 'run-1', clearQueue: true }]));
  });
});
