import type { TextDiff } from '../../../shared/analytics/diff-types';

/** A word diff as text nodes in <del>/<ins>; nothing from an answer is parsed as HTML. */
export function WordDiff({ diff, full }: { diff: TextDiff; full: boolean }) {
  if (diff.identical) return <p className="muted">The two answers are identical.</p>;
  const segs = full ? [{ skippedBefore: 0, segments: diff.segments }] : diff.hunks;
  return (
    <div className="word-diff" data-testid="word-diff">
      {segs.map((h, i) => (
        <p key={i}>
          {h.skippedBefore > 0 && (
            <span className="muted small">[… {h.skippedBefore} unchanged words …] </span>
          )}
          {h.segments.map((s, j) =>
            s.op === 'insert' ? (
              <ins key={j}>{s.text}</ins>
            ) : s.op === 'delete' ? (
              <del key={j}>{s.text}</del>
            ) : (
              <span key={j}>{s.text}</span>
            ),
          )}
        </p>
      ))}
      {!full && diff.skippedAfter > 0 && (
        <p className="muted small">[… {diff.skippedAfter} unchanged words]</p>
      )}
    </div>
  );
}
