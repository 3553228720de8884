import type { ResultFacts } from '../../../../shared/facts/types';
import { factEvidenceId, factLabel } from '../../lib/evidence';

/**
 * The facts an answer addresses, checked against the brands' fact sheets: one small badge per
 * fact in the column's header, contradicted first, each a button that moves the focus to its
 * quote when the quote is marked in the answer; and the legend of the two marks (told apart by
 * their underline's shape, not only its colour).
 */
export function FactVerdicts({
  facts,
  marked,
  showEvidence,
}: {
  facts: ResultFacts | undefined;
  /** The evidence ids marked in the rendered answer. */
  marked: ReadonlySet<string>;
  showEvidence(id: string): void;
}) {
  if (!facts || facts.checks.length === 0) return null;
  const order = facts.checks
    .map((check, index) => ({ check, index }))
    .sort((a, b) => Number(b.check.verdict === 'contradicted') - Number(a.check.verdict === 'contradicted'));
  const contradicted = facts.checks.filter((c) => c.verdict === 'contradicted').length;
  return (
    <div className="fact-verdicts">
      <ul
        aria-label={`Facts checked: ${contradicted} contradicted, ${facts.checks.length - contradicted} supported`}
      >
        {order.map(({ check, index }) => {
          const id = factEvidenceId(index);
          const text = (
            <>
              <span className="fact-verdict-brand">{check.brand}</span> {check.key}:{' '}
              {check.verdict === 'contradicted' ? 'contradicted' : 'supported'}
            </>
          );
          const className = `badge fact-badge fact-${check.verdict}-badge`;
          return (
            <li key={`${check.brandId}-${check.key}`}>
              {marked.has(id) ? (
                <button
                  type="button"
                  className={className}
                  title={factLabel(check)}
                  onClick={() => showEvidence(id)}
                >
                  {text}
                  <span className="visually-hidden">. Show the quote</span>
                </button>
              ) : (
                <span className={className} title={factLabel(check)}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="fact-legend small muted">
        Marked in the answer: <mark className="evidence evidence-fact-contradicted">wavy underline</mark>{' '}
        contradicts the fact sheet,{' '}
        <mark className="evidence evidence-fact-supported">straight underline</mark> supports it.
      </p>
    </div>
  );
}
