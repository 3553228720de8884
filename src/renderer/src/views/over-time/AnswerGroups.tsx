import { useMemo, useState } from 'react';
import type { ResultView, SeriesPointView } from '../../../../shared/ipc/channels/runs';
import { formatDate, formatDateRange, formatDateTime, plural } from '../../lib/format';
import { groupByText } from '../../lib/trends';

/** Groups listed before "Show all". */
const GROUPS_SHOWN = 8;
/** Characters of a group's text shown before it is opened. */
const TEXT_CHARS = 280;

/**
 * The series' answers grouped by distinct text: how often the engine gave each answer and
 * when, its text, and the dates behind it on request. The newest answers the view loaded (the
 * charts' 200) are grouped; the heading says so when the series has more.
 */
export function AnswerGroups({ points, results }: { points: SeriesPointView[]; results: ResultView[] }) {
  const groups = useMemo(() => groupByText(results), [results]);
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const shown = all ? groups : groups.slice(0, GROUPS_SHOWN);
  const toggle = (i: number): void => {
    const next = new Set(open);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    setOpen(next);
  };
  const when = new Map(results.map((r) => [r.resultId, r.fetchedAt]));
  const partial = results.length < points.length;
  return (
    <div className="panel">
      <h2>
        Answers ({points.length}){partial ? `: the newest ${results.length}` : ''} in{' '}
        {plural(groups.length, 'distinct text')}
      </h2>
      <ul className="text-groups" aria-label="Answers in this series, by distinct text">
        {shown.map((g, i) => {
          const expanded = open.has(i);
          const text = expanded || g.text.length <= TEXT_CHARS ? g.text : `${g.text.slice(0, TEXT_CHARS)}…`;
          return (
            <li key={i}>
              <div className="text-group-head">
                <strong>{plural(g.resultIds.length, 'answer')}</strong>
                <span className="muted small">
                  {formatDate(g.first) === formatDate(g.last)
                    ? formatDate(g.first)
                    : formatDateRange(g.first, g.last)}
                </span>
                <button type="button" className="small" aria-expanded={expanded} onClick={() => toggle(i)}>
                  {expanded ? 'Less' : g.resultIds.length > 1 ? 'Whole text and dates' : 'Whole text'}
                </button>
              </div>
              <p className="text-group-text">{text}</p>
              {expanded && g.resultIds.length > 1 && (
                <ul className="text-group-dates" aria-label="Dates of these answers">
                  {g.resultIds.map((id) => (
                    <li key={id}>{formatDateTime(when.get(id))}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {groups.length > GROUPS_SHOWN && (
        <button type="button" className="small" onClick={() => setAll(!all)}>
          {all ? `Show the ${GROUPS_SHOWN} most frequent` : `Show all ${groups.length} texts`}
        </button>
      )}
    </div>
  );
}
