import { useEffect } from 'react';
import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../../../shared/facts/model-check';
import { ErrorState } from '../../components/StatusStates';
import { subscribe } from '../../ipc/client';
import { formatNumber, formatUsd } from '../../lib/format';
import { useFactsModelStore } from '../../stores/facts-model-store';

const PERIODS: { label: string; days: number | null }[] = [
  { label: 'All stored answers', days: null },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
];

function Estimate({ e }: { e: FactsCheckEstimate }) {
  const confirm = useFactsModelStore((s) => s.confirm);
  const dismiss = useFactsModelStore((s) => s.dismiss);
  const nothing = e.answers === 0;
  return (
    <div role="region" aria-label="Estimate" className="small">
      <dl className="facts-estimate">
        <dt>Judge</dt>
        <dd>{e.judge.id}</dd>
        <dt>To send</dt>
        <dd>
          {formatNumber(e.facts)} facts in {formatNumber(e.answersToSend)} answers
          {e.cachedFacts > 0 ? ` (${formatNumber(e.cachedFacts)} facts already judged: free)` : ''}
        </dd>
        <dt>Tokens</dt>
        <dd>
          ~{formatNumber(e.inputTokens)} in, ~{formatNumber(e.outputTokens)} out
        </dd>
        <dt>Cost</dt>
        <dd>
          about {formatUsd(e.usd)}; budget{' '}
          {e.budget === null ? 'none set' : `${formatUsd(e.budget)}${e.overBudget ? ' (over it)' : ''}`}
        </dd>
      </dl>
      {e.overBudget && <p role="alert">{e.overBudget}</p>}
      {nothing && <p>No fact is left for the model: every answer is judged.</p>}
      <div className="row tight">
        <button type="button" disabled={e.overBudget !== null || nothing} onClick={() => void confirm()}>
          {e.answersToSend === 0 ? 'Apply cached verdicts' : `Send for about ${formatUsd(e.usd)}`}
        </button>
        <button type="button" onClick={dismiss}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function outcomeText(s: FactsModelCheckStatus): string {
  const done = `${formatNumber(s.done)} of ${formatNumber(s.total)} answers judged by ${s.judge ?? 'the model'}`;
  switch (s.phase) {
    case 'running':
      return `Checking: ${done}…`;
    case 'finished':
      return `Done: ${done}.`;
    case 'canceled':
      return `Stopped: ${done}. Check again to carry on (nothing is paid twice).`;
    case 'stopped':
      return `Stopped: ${s.message ?? done}`;
    default:
      return '';
  }
}

function Progress({ s }: { s: FactsModelCheckStatus }) {
  const stop = useFactsModelStore((x) => x.stop);
  if (s.phase === 'idle') return null;
  const u = s.usage;
  return (
    <div role="status" className="small">
      <p>{outcomeText(s)}</p>
      {u && (
        <p>
          {formatNumber(u.calls)} calls, {formatNumber(u.inputTokens + u.outputTokens)} tokens,{' '}
          {formatUsd(u.usd)}; {formatNumber(u.judgedFacts)} facts judged, {formatNumber(u.cachedFacts)} from
          the cache
          {u.dropped > 0
            ? `, ${formatNumber(u.dropped)} verdicts dropped (their quote is not in the answer)`
            : ''}
          {u.notJudged > 0 ? `, ${formatNumber(u.notJudged)} answers not judged (asked again next time)` : ''}
          .
        </p>
      )}
      {s.phase === 'running' && (
        <button type="button" onClick={() => void stop()}>
          Stop
        </button>
      )}
    </div>
  );
}

/**
 * "Check with your model…": the facts the built-in checker left not addressed (free-form text
 * facts always) asked of the analyst's model judge (Settings → Positioning judge), after an
 * estimate and a confirm; the twin of `parallax facts check --model`.
 */
export function FactsModelCheck() {
  const { days, estimate, estimating, status, error, load, ask, onEvent } = useFactsModelStore();
  useEffect(() => {
    void load();
    return subscribe('facts.modelCheck', onEvent);
  }, [load, onEvent]);
  const running = status?.phase === 'running';
  return (
    <div>
      <div className="row tight">
        <label>
          Answers
          <select
            value={days === null ? '' : String(days)}
            onChange={(e) =>
              useFactsModelStore.setState({ days: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            {PERIODS.map((p) => (
              <option key={p.label} value={p.days === null ? '' : String(p.days)}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={running || estimating} onClick={() => void ask(days)}>
          Check with your model…
        </button>
      </div>
      {error && <ErrorState error={error} />}
      {estimate && <Estimate e={estimate} />}
      {status && <Progress s={status} />}
    </div>
  );
}
