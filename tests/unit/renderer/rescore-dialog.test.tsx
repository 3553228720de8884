import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RescoreEstimateView } from '../../../src/shared/positioning/rescore-app';
import type { RescoreStatus } from '../../../src/shared/positioning/view-types';
import { RescoreDialog } from '../../../src/renderer/src/views/visibility/RescoreDialog';
import { useRescoreDialogStore } from '../../../src/renderer/src/stores/rescore-dialog-store';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The "Re-score history…" dialog: the estimate first (answers, tokens, USD, budget),
// Confirm, then progress from the events (done of total, tokens spent, an ETA, answers not
// scored per reason) with Stop; over budget it refuses to start; Resume for a stopped one; a
// new estimate closed without starting is forgotten; what moved once it ends.

const MODEL = 'model:openai:gpt-4o-mini';

function modelEstimate(over: Partial<RescoreEstimateView> = {}): RescoreEstimateView {
  return {
    kind: 'model',
    judge: { id: MODEL, version: 'p1+gpt-4o-mini' },
    resuming: false,
    done: 0,
    total: 40,
    from: null,
    answers: 38,
    cached: 2,
    inputTokens: 41_200,
    outputTokens: 9_120,
    usd: 0.0072,
    budget: 5,
    overBudget: null,
    ...over,
  };
}

const idle: RescoreStatus = { running: false, job: null, last: null };

describe('the Re-score history dialog', () => {
  let fake: FakeParallax;
  let clock = 1_000_000;
  beforeEach(() => {
    resetStores();
    clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    fake = installFakeParallax({
      'judge.status': () => ({
        config: null,
        judge: { id: MODEL, version: 'p1+gpt-4o-mini' },
        key: { set: true, masked: 'sk-…abcd', backend: 'Secret Service', warning: null },
        active: 'builtin',
      }),
      'positioning.rescore.estimate': (input) =>
        input.judge === 'model'
          ? modelEstimate()
          : modelEstimate({ kind: 'builtin', judge: { id: 'builtin', version: '1' }, usd: 0 }),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the estimate, starts on Confirm, reports progress with tokens, ETA and reasons, and stops', async () => {
    render(<RescoreDialog />);
    await act(() => useRescoreDialogStore.getState().show('model'));
    const dialog = screen.getByRole('dialog', { name: 'Re-score history' });
    const estimate = await within(dialog).findByTestId('rescore-estimate');
    expect(estimate.textContent).toContain(`38 answers to judge (every stored answer) with ${MODEL}`);
    expect(estimate.textContent).toContain('~41,200 in, ~9,120 out');
    expect(estimate.textContent).toContain('$0.0072');
    expect(estimate.textContent).toContain('$5.00');
    expect(estimate.textContent).toContain('2 answers (cached, free)');
    expect(fake.callsTo('positioning.rescore.estimate')).toEqual([{ judge: 'model' }]);
    expect(fake.callsTo('positioning.rescore.start')).toEqual([]);

    // The period is asked again with its own estimate.
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Period/ }), { target: { value: '30' } });
    await waitFor(() =>
      expect(fake.callsTo('positioning.rescore.estimate').at(-1)).toEqual({ judge: 'model', days: 30 }),
    );
    // The first (new, unstarted) estimate was forgotten before the second.
    expect(fake.callsTo('positioning.rescore.discard')).toHaveLength(1);

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm and start' }));
    await waitFor(() =>
      expect(fake.callsTo('positioning.rescore.start')).toEqual([{ judge: 'model', days: 30 }]),
    );
    const usage = { calls: 10, inputTokens: 11_000, outputTokens: 2_400, usd: 0.0091, cachedAnswers: 2 };
    act(() =>
      fake.emit('positioning.rescore', {
        phase: 'running',
        done: 0,
        total: 40,
        message: null,
        judge: MODEL,
        usage,
        notScored: {},
      }),
    );
    clock += 10_000;
    act(() =>
      fake.emit('positioning.rescore', {
        phase: 'running',
        done: 10,
        total: 40,
        message: null,
        judge: MODEL,
        usage,
        notScored: { refusal: 3, timeout: 1 },
      }),
    );
    const progress = within(dialog).getByTestId('rescore-progress');
    expect(progress.textContent).toContain('Re-scoring: 10 of 40 answers, about 30 s left.');
    expect(progress.textContent).toContain(
      'Spent: 11,000 input and 2,400 output tokens, $0.0091 (10 calls, 2 answers from the cache).',
    );
    expect(within(progress).getByTestId('rescore-not-scored').textContent).toBe(
      'Not scored: refusal ×3, timeout ×1.',
    );
    expect(within(progress).getByRole('progressbar', { name: 'Answers re-scored' })).toHaveAttribute(
      'value',
      '10',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop after this batch' }));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.cancel')).toEqual([{}]));
    act(() =>
      fake.emit('positioning.rescore', { phase: 'paused', done: 12, total: 40, message: null, judge: MODEL }),
    );
    expect(within(dialog).getByTestId('rescore-progress').textContent).toContain(
      'Stopped (resumable): 12 of 40 answers.',
    );
    // The counts seen so far stay (the paused event carries none).
    expect(within(dialog).getByTestId('rescore-not-scored').textContent).toContain('refusal ×3');
    expect(within(dialog).getByRole('button', { name: 'Resume…' })).toBeEnabled();
  });

  it('refuses to start above the budget, saying so', async () => {
    fake.handle('positioning.rescore.estimate', () =>
      modelEstimate({
        usd: 12.5,
        budget: 1,
        overBudget: 'The estimate ($12.50 for 38 answers) is above the budget of $1.00: nothing was sent.',
      }),
    );
    render(<RescoreDialog />);
    await act(() => useRescoreDialogStore.getState().show('model'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Refused before any call: The estimate ($12.50 for 38 answers)');
    expect(screen.getByTestId('rescore-estimate').textContent).toContain('$1.00 (over it)');
    expect(screen.getByRole('button', { name: 'Confirm and start' })).toBeDisabled();
    // Main already forgot the refused job: closing asks nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('positioning.rescore.discard')).toEqual([]);
  });

  it('offers Resume for a stopped re-score with its own judge, and forgets a new one closed unstarted', async () => {
    fake.handle('positioning.rescore.status', () => ({
      running: false,
      job: {
        reason: 'request' as const,
        judge: { id: MODEL, version: 'p1+gpt-4o-mini' },
        done: 12,
        total: 40,
        paused: true,
        startedAt: 1,
        from: null,
        moved: { rescored: 12, changed: 0, status: [], tone: [] },
      },
      last: null,
    }));
    fake.handle('positioning.rescore.estimate', () =>
      modelEstimate({ resuming: true, done: 12, answers: 28, cached: 0 }),
    );
    render(<RescoreDialog />);
    // Asked for the built-in judge, the dialog offers the stopped model re-score first.
    await act(() => useRescoreDialogStore.getState().show('builtin'));
    const estimate = await screen.findByTestId('rescore-estimate');
    expect(estimate.textContent).toContain('12 of 40 answers judged. Resume carries on where it stopped.');
    expect(fake.callsTo('positioning.rescore.estimate')).toEqual([{ judge: 'model' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.start')).toEqual([{ judge: 'model' }]));

    // A new built-in estimate closed without starting is forgotten in main.
    fake.handle('positioning.rescore.status', () => idle);
    fake.handle('positioning.rescore.estimate', () =>
      modelEstimate({ kind: 'builtin', judge: { id: 'builtin', version: '1' }, usd: 0 }),
    );
    await act(() => useRescoreDialogStore.getState().hide());
    await act(() => useRescoreDialogStore.getState().show('builtin'));
    await screen.findByTestId('rescore-estimate');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.discard')).toEqual([{}]));
  });

  it('shows what moved when the re-score ends, and a refused start as an error', async () => {
    fake.handle('positioning.rescore.start', () => fail('RESCORE_REFUSED', 'A re-score is pending'));
    render(<RescoreDialog />);
    await act(() => useRescoreDialogStore.getState().show('builtin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and start' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A re-score is pending');

    fake.handle('positioning.rescore.start', () => ({ ...idle, running: true }));
    fake.handle('positioning.rescore.status', () => ({
      running: false,
      job: null,
      last: {
        reason: 'request' as const,
        judge: { id: 'builtin', version: '1' },
        answers: 40,
        rescored: 40,
        changed: 14,
        status: [],
        tone: [],
        startedAt: 1,
        finishedAt: 2,
        from: null,
        lines: ['14 answers went from recommended to mentioned for Acme'],
      },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and start' }));
    await waitFor(() => expect(fake.callsTo('positioning.rescore.start')).toHaveLength(2));
    act(() => fake.emit('positioning.rescore', { phase: 'done', done: 40, total: 40, message: null }));
    expect(await screen.findByText('14 answers went from recommended to mentioned for Acme')).toBeVisible();
    expect(screen.getByTestId('rescore-progress').textContent).toContain('Finished: 40 of 40 answers.');
    expect(screen.getByTestId('rescore-summary').textContent).toContain('Re-scored 40 answers, 14 changed.');
  });
});
