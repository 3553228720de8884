import { useState } from 'react';
import type { PromptRow, PromptStatChange, PromptsView } from '../../../../shared/visibility/prompt-types';
import type { MeanStat, RateStat } from '../../../../shared/visibility/types';
import { ChangeBadge } from './ChangeBadge';
import {
  changeText,
  formatN,
  meanInterval,
  meanValue,
  rateInterval,
  rateValue,
  type ChangeKind,
} from './format';

// The Prompts table: the focus brand per prompt (or topic), each number with its interval, n
// and change; a header sorts by its column, a row opens its answers in Compare.

export type PromptSort = 'key' | 'answers' | 'mention' | 'position' | 'recommendation' | 'voice';

const VALUE: Record<Exclude<PromptSort, 'key'>, (r: PromptRow) => number | null> = {
  answers: (r) => r.current.answers,
  mention: (r) => r.current.mentionRate.value,
  position: (r) => r.current.avgPosition.value,
  recommendation: (r) => r.current.recommendationRate.value,
  voice: (r) => r.current.shareOfVoice.value,
};

/** Rows in the order of a column: no data last, whichever the direction. */
export function sortPromptRows(rows: readonly PromptRow[], by: PromptSort, descending: boolean): PromptRow[] {
  const dir = descending ? -1 : 1;
  if (by === 'key') return [...rows].sort((a, b) => dir * a.key.localeCompare(b.key));
  const of = VALUE[by];
  return [...rows].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x === null || y === null) return Number(x === null) - Number(y === null);
    return dir * (x - y) || a.key.localeCompare(b.key);
  });
}

/** A change, or "few answers" when either period has under 30 (never called significant then). */
function Change({ change, kind }: { change: PromptStatChange; kind: ChangeKind }) {
  if (change.delta === null || !change.fewAnswers) return <ChangeBadge change={change} kind={kind} compact />;
  const c = changeText(change, kind);
  return (
    <span className="vis-change tone-flat">
      <span aria-hidden="true">{c.text}</span>
      <span className="visually-hidden">{c.words}</span>{' '}
      <abbr className="ns" title="Fewer than 30 answers in a period: too few to call a change">
        few answers
      </abbr>
    </span>
  );
}

function Figure({ value, interval, n }: { value: string; interval: string; n: number }) {
  return (
    <span className="vis-figure">
      <strong>{value}</strong>
      {interval && <span className="vis-interval"> {interval}</span>}
      <span className="vis-n"> {formatN(n)}</span>
    </span>
  );
}

const Rate = ({ s, c }: { s: RateStat; c: PromptStatChange }) => (
  <>
    <Figure value={rateValue(s)} interval={rateInterval(s)} n={s.n} />
    <br />
    <Change change={c} kind="rate" />
  </>
);

const Mean = ({ s, c }: { s: MeanStat; c: PromptStatChange }) => (
  <>
    <Figure value={meanValue(s)} interval={meanInterval(s)} n={s.n} />
    <br />
    <Change change={c} kind="position" />
  </>
);

function SortHead({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: PromptSort;
  sort: { by: PromptSort; descending: boolean };
  onSort(by: PromptSort): void;
}) {
  const active = sort.by === column;
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="link-button vis-sort"
        aria-label={`Sort by ${label.toLowerCase()}`}
        onClick={() => onSort(column)}
      >
        {label}
        {active && <span aria-hidden="true">{sort.descending ? ' ▼' : ' ▲'}</span>}
      </button>
    </th>
  );
}

function RowHead({
  row,
  by,
  onOpen,
}: {
  row: PromptRow;
  by: PromptsView['by'];
  onOpen(row: PromptRow): void;
}) {
  const name = by === 'topic' && row.key === '' ? '(no topic)' : row.key;
  return (
    <th scope="row" className="vis-prompt-cell">
      <button type="button" className="link-button" onClick={() => onOpen(row)}>
        {name}
      </button>
      {row.brandedBy.length > 0 && (
        <span
          className="badge"
          title={`Names ${row.brandedBy.join(', ')}: its answers name ${row.brandedBy.length === 1 ? 'it' : 'them'} because the prompt does`}
        >
          {by === 'topic' ? `${row.brandedPrompts} of ${row.prompts} branded` : 'branded'}
        </span>
      )}
      {by === 'prompt' && row.topics.length > 0 && (
        <span className="muted small"> {row.topics.join(', ')}</span>
      )}
    </th>
  );
}

export function PromptsTable({ view, onOpen }: { view: PromptsView; onOpen(row: PromptRow): void }) {
  const [sort, setSort] = useState<{ by: PromptSort; descending: boolean }>({
    by: 'answers',
    descending: true,
  });
  const onSort = (by: PromptSort) =>
    setSort((s) => ({ by, descending: s.by === by ? !s.descending : by !== 'key' && by !== 'position' }));
  const rows = sortPromptRows(view.rows, sort.by, sort.descending);
  const head = (label: string, column: PromptSort) => (
    <SortHead label={label} column={column} sort={sort} onSort={onSort} />
  );
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table vis-prompts" aria-label={view.by === 'prompt' ? 'Prompts' : 'Topics'}>
        <thead>
          <tr>
            {head(view.by === 'prompt' ? 'Prompt' : 'Topic', 'key')}
            {head('Answers', 'answers')}
            {head('Mention rate', 'mention')}
            {head('Avg position', 'position')}
            {head('Recommended', 'recommendation')}
            {head('Share of voice', 'voice')}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <RowHead row={r} by={view.by} onOpen={onOpen} />
              <td className="vis-nowrap">{r.current.answers.toLocaleString('en')}</td>
              <td className="vis-nowrap">
                <Rate s={r.current.mentionRate} c={r.change.mentionRate} />
              </td>
              <td className="vis-nowrap">
                <Mean s={r.current.avgPosition} c={r.change.avgPosition} />
              </td>
              <td className="vis-nowrap">
                <Rate s={r.current.recommendationRate} c={r.change.recommendationRate} />
              </td>
              <td className="vis-nowrap">
                <Rate s={r.current.shareOfVoice} c={r.change.shareOfVoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
