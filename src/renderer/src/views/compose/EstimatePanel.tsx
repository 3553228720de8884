import { formatNumber } from '../../lib/format';
import { useComposeStore } from '../../stores/compose-store';
import { ErrorState } from '../../components/StatusStates';

/** The live estimate: jobs, maximum credits, balance after, and why the run would be refused. */
export function EstimatePanel() {
  const { estimate, estimateError, estimating } = useComposeStore();
  return (
    <aside className="panel estimate" aria-labelledby="estimate-heading" aria-busy={estimating}>
      <h2 id="estimate-heading">Estimate</h2>
      {estimateError && <ErrorState error={estimateError} />}
      {!estimate && !estimateError && (
        <p className="muted">{estimating ? 'Estimating…' : 'Add prompts and countries to see the cost.'}</p>
      )}
      {estimate && (
        <>
          <dl className="facts" data-testid="estimate">
            <dt>Jobs</dt>
            <dd data-testid="estimate-jobs">{formatNumber(estimate.jobs)}</dd>
            <dt>Max credits</dt>
            <dd data-testid="estimate-credits">{formatNumber(estimate.maxCredits)}</dd>
            {estimate.commerce && (
              <>
                <dt>Of which shopping and ads</dt>
                <dd data-testid="estimate-commerce-credits">+{formatNumber(estimate.commerce.credits)}</dd>
              </>
            )}
            <dt>Balance</dt>
            <dd>{formatNumber(estimate.balance)}</dd>
            <dt>Balance after</dt>
            <dd>{formatNumber(estimate.balanceAfter)}</dd>
            <dt>Budget cap</dt>
            <dd>{estimate.budget === null ? 'none' : formatNumber(estimate.budget)}</dd>
          </dl>
          {estimate.unavailableEngines.length > 0 && (
            <p className="warning">
              Not available from the service: {estimate.unavailableEngines.join(', ')}
            </p>
          )}
          {estimate.blockers.length > 0 && (
            <ul className="blockers" aria-label="Blockers">
              {estimate.blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
          {estimate.fieldErrors.length > 0 && (
            <ul className="field-errors" aria-label="Field errors">
              {estimate.fieldErrors.map((f, i) => (
                <li key={`${f.field}-${i}`}>
                  <code>{f.field}</code>: {f.message}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}
