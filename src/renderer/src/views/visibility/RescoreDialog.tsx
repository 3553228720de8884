import { useEffect } from 'react';
import type { RescoreEstimateView } from '../../../../shared/positioning/rescore-app';
import { subscribe } from '../../ipc/client';
import { formatDuration, formatNumber, formatUsd } from '../../lib/format';
import { ModalDialog } from '../../components/ModalDialog';
import { ErrorState } from '../../components/StatusStates';
import { etaMs, useRescoreDialogStore, type RescoreRunState } from '../../stores/rescore-dialog-store';

// "Re-score history…": opened from the Positioning panel and from Settings →
// Positioning judge. Mounted once at the app's root, so a re-score started here keeps reporting
// whichever view is open; the Visibility line shows it too once the dialog is closed.

const PERIODS: ReadonlyArray<{ label: string; days: number | null }> = [
  { label: 'Every stored answer', days: null },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
];

const usd = formatUsd;

/** "not scored: refusal ×3, timeout ×1" (nothing when every answer was scored). */
export function notScoredLine(counts: Record<string, number>): string | null {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ×${formatNumber(n)}`);
  return parts.length === 0 ? null : `Not scored: ${parts.join(', ')}`;
}

function EstimateView({ e }: { e: RescoreEstimateView }) {
  const model = e.kind === 'model';
  return (
    <div data-testid="rescore-estimate" className="rescore-block">
      {e.resuming && (
        <p>
          A stopped re-score with this judge is waiting: {formatNumber(e.done)} of {formatNumber(e.total)}{' '}
          answers judged. Resume carries on where it stopped.
        </p>
      )}
      <p>
        <strong>{formatNumber(e.answers)}</strong> answers to judge
        {e.from ? ` (answers from ${e.from} on)` : ' (every stored answer)'}
        {model ? ` with ${e.judge.id}` : ' with the built-in judge: free, offline'}.
      </p>
      {model && (
        <dl className="rescore-figures">
          <dt>Tokens</dt>
          <dd>
            ~{formatNumber(e.inputTokens)} in, ~{formatNumber(e.outputTokens)} out
          </dd>
          <dt>Estimated cost</dt>
          <dd>{usd(e.usd)}</dd>
          <dt>Budget</dt>
          <dd>{e.budget === null ? 'none set' : `${usd(e.budget)}${e.overBudget ? ' (over it)' : ''}`}</dd>
          {e.cached > 0 && (
            <>
              <dt>Already judged</dt>
              <dd>{formatNumber(e.cached)} answers (cached, free)</dd>
            </>
          )}
        </dl>
      )}
      {e.overBudget && (
        <p role="alert" className="error">
          Refused before any call: {e.overBudget}
        </p>
      )}
    </div>
  );
}

function Progress({ run }: { run: RescoreRunState }) {
  const eta = etaMs(run);
  const notScored = notScoredLine(run.notScored);
  const phase =
    run.phase === 'running'
      ? 'Re-scoring'
      : run.phase === 'done'
        ? 'Finished'
        : run.phase === 'paused'
          ? 'Stopped (resumable)'
          : 'Stopped';
  return (
    <div data-testid="rescore-progress" className="rescore-block" role="status">
      <progress max={Math.max(1, run.total)} value={run.done} aria-label="Answers re-scored" />
      <p>
        {phase}: {formatNumber(run.done)} of {formatNumber(run.total)} answers
        {run.phase === 'running' && eta !== null ? `, about ${formatDuration(eta)} left` : ''}.
      </p>
      {run.usage && (
        <p>
          Spent: {formatNumber(run.usage.inputTokens)} input and {formatNumber(run.usage.outputTokens)} output
          tokens, {usd(run.usage.usd)} ({formatNumber(run.usage.calls)} calls,{' '}
          {formatNumber(run.usage.cachedAnswers)} answers from the cache).
        </p>
      )}
      {notScored && <p data-testid="rescore-not-scored">{notScored}.</p>}
      {run.phase === 'failed' && run.message && <p className="error">It stopped: {run.message}</p>}
    </div>
  );
}

function JudgeChoice() {
  const { kind, days, modelJudge, run, choose } = useRescoreDialogStore();
  const locked = run !== null;
  return (
    <div className="rescore-choice">
      <fieldset disabled={locked} className="inline-fieldset">
        <legend>Judge</legend>
        <label className="inline">
          <input
            type="radio"
            name="rescore-judge"
            checked={kind === 'builtin'}
            onChange={() => void choose({ kind: 'builtin' })}
          />
          Built-in judge
        </label>
        <label
          className="inline"
          title={modelJudge ? undefined : 'Set a model judge in Settings → Positioning judge first'}
        >
          <input
            type="radio"
            name="rescore-judge"
            checked={kind === 'model'}
            disabled={modelJudge === null}
            onChange={() => void choose({ kind: 'model' })}
          />
          {modelJudge ? `Your model (${modelJudge})` : 'Your model (none set)'}
        </label>
      </fieldset>
      <label>
        Period{' '}
        <select
          disabled={locked}
          value={days === null ? '' : String(days)}
          onChange={(e) => void choose({ days: e.target.value === '' ? null : Number(e.target.value) })}
        >
          {PERIODS.map((p) => (
            <option key={p.label} value={p.days === null ? '' : String(p.days)}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Actions() {
  const { estimate, estimating, run, confirm, stop, hide, show, kind } = useRescoreDialogStore();
  const running = run?.phase === 'running';
  const canStart = run === null && estimate !== null && estimate.overBudget === null && !estimating;
  return (
    <div className="row modal-actions">
      {run === null && (
        <button type="button" disabled={!canStart} onClick={() => void confirm()}>
          {estimate?.resuming ? 'Resume' : 'Confirm and start'}
        </button>
      )}
      {running && (
        <button type="button" onClick={() => void stop()}>
          Stop after this batch
        </button>
      )}
      {run !== null && (run.phase === 'paused' || run.phase === 'failed') && (
        <button type="button" onClick={() => void show(kind)}>
          Resume…
        </button>
      )}
      <button type="button" data-autofocus onClick={() => void hide()}>
        {running ? 'Close (keeps running)' : 'Close'}
      </button>
    </div>
  );
}

export function RescoreDialog() {
  const { open, estimate, estimating, error, run, summary, hide, onEvent } = useRescoreDialogStore();
  useEffect(() => subscribe('positioning.rescore', onEvent), [onEvent]);
  if (!open) return null;
  return (
    <ModalDialog label="Re-score history" role="dialog" onCancel={() => void hide()}>
      <h2>Re-score history</h2>
      <p className="muted small">
        Judges the stored answers again for positioning. The estimate comes first; nothing is sent to a model
        before you confirm. Stop finishes the batch under way and keeps it resumable.
      </p>
      <JudgeChoice />
      {error && <ErrorState error={error} />}
      {run === null && estimating && <p role="status">Estimating…</p>}
      {run === null && !estimating && estimate && <EstimateView e={estimate} />}
      {run && <Progress run={run} />}
      {summary && (
        <div data-testid="rescore-summary">
          <p>
            Re-scored {formatNumber(summary.answers)} answers, {formatNumber(summary.changed)} changed.
          </p>
          <ul className="small">
            {summary.lines.slice(0, 6).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <Actions />
    </ModalDialog>
  );
}
