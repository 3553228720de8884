import type { ResultPositioning } from '../../../../shared/positioning/view-types';
import { evidenceId, positioningLabel } from '../../lib/evidence';
import { signedScore, STATUS_LABEL } from '../../lib/positioning-format';

/**
 * Each brand's positioning in one answer, as small badges in the column's header (status and
 * tone; the attributes in the tooltip). A badge whose evidence is marked in the answer is a
 * button that scrolls to it and moves the focus there, so keyboard and screen reader users
 * reach the sentence too.
 */
export function PositioningBadges({
  positioning,
  marked,
  showEvidence,
}: {
  positioning: ResultPositioning | undefined;
  /** The evidence ids marked in the rendered answer. */
  marked: ReadonlySet<string>;
  showEvidence(id: string): void;
}) {
  if (!positioning) return null;
  if (positioning.judge === null)
    return <p className="muted small pos-badges">Positioning: not judged yet.</p>;
  if (positioning.notScored)
    return <p className="muted small pos-badges">Positioning not scored: {positioning.notScored}</p>;
  if (positioning.brands.length === 0) return null;
  return (
    <ul className="pos-badges" aria-label="Positioning of the brands named">
      {positioning.brands.map((p, i) => {
        const target = evidenceId(i, 0);
        const attributes = p.attributes.map((a) => `${a.text} (${a.polarity})`).join(', ');
        const text = (
          <>
            <span className="pos-badge-brand">{p.brand}</span> {STATUS_LABEL[p.status]} ·{' '}
            <span className={`pos-tone pos-tone-${p.sentiment.label}`}>{signedScore(p.sentiment.score)}</span>
          </>
        );
        const title = `${positioningLabel(p)} (${signedScore(p.sentiment.score)})${attributes ? `; ${attributes}` : ''}`;
        return (
          <li key={p.brandId}>
            {marked.has(target) ? (
              // The name is the visible text and more (WCAG 2.5.3: a voice user says what they see).
              <button
                type="button"
                className={`badge pos-badge pos-${p.status}-badge`}
                title={title}
                onClick={() => showEvidence(target)}
              >
                {text}
                <span className="visually-hidden">, {p.sentiment.label} tone. Show the evidence</span>
              </button>
            ) : (
              <span className={`badge pos-badge pos-${p.status}-badge`} title={title}>
                {text}
                <span className="visually-hidden">, {p.sentiment.label} tone</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
