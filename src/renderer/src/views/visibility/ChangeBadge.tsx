import type { StatChange } from '../../../../shared/visibility/types';
import { changeText, type ChangeKind } from './format';

/**
 * A change against the previous period: arrow and points, toned good or bad for the brand,
 * and marked "not significant" when the two periods' intervals overlap.
 */
export function ChangeBadge({
  change,
  kind,
  compact = false,
}: {
  change: StatChange;
  kind: ChangeKind;
  /** Tables write "n.s." (spelled out for screen readers); cards spell it out. */
  compact?: boolean;
}) {
  const c = changeText(change, kind);
  const ns = change.delta !== null && !change.significant;
  return (
    <span className={`vis-change tone-${ns ? 'flat' : c.tone}`}>
      {c.arrow && <span aria-hidden="true">{c.arrow} </span>}
      <span aria-hidden="true">{c.text}</span>
      <span className="visually-hidden">{c.words}</span>
      {ns &&
        (compact ? (
          <abbr className="ns" title="Not significant: the 95 % intervals of the two periods overlap">
            {' '}
            <span aria-hidden="true">n.s.</span>
            <span className="visually-hidden">, not significant</span>
          </abbr>
        ) : (
          <span className="ns" title="The 95 % intervals of the two periods overlap">
            {' '}
            not significant
          </span>
        ))}
    </span>
  );
}
