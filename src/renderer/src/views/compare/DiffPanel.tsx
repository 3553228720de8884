import { useMemo, useState } from 'react';
import { diffText } from '../../../../shared/analytics/text-diff';
import type { ResultView } from '../../../../shared/ipc/channels/runs';
import type { CompareColumn } from '../../lib/compare-columns';
import { formatPercent } from '../../lib/format';
import { compareSources } from '../../../../shared/analytics/source-compare';
import { WordDiff } from '../../components/WordDiff';

interface Props {
  columns: CompareColumn[];
  results: Record<string, ResultView>;
  a: string | null;
  b: string | null;
  onPick(a: string | null, b: string | null): void;
}

/** Diff mode: any two columns, word by word, and their source domain sets. */
export function DiffPanel({ columns, results, a, b, onPick }: Props) {
  const [full, setFull] = useState(false);
  const withResult = columns.filter((c) => c.cell.resultId && results[c.cell.resultId]);
  const keyA = a ?? withResult[0]?.key ?? null;
  const keyB = b ?? withResult[1]?.key ?? null;
  const colA = withResult.find((c) => c.key === keyA);
  const colB = withResult.find((c) => c.key === keyB);
  const resA = colA?.cell.resultId ? results[colA.cell.resultId] : undefined;
  const resB = colB?.cell.resultId ? results[colB.cell.resultId] : undefined;

  const diff = useMemo(
    () => (resA && resB ? diffText(resA.normalized.text, resB.normalized.text) : null),
    [resA, resB],
  );
  const sources = useMemo(
    () => (resA && resB ? compareSources(resA.normalized.sources, resB.normalized.sources).domains : null),
    [resA, resB],
  );

  if (withResult.length < 2) return <p className="muted">Diff needs two columns with answers.</p>;

  const picker = (label: string, value: string | null, set: (v: string) => void) => (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => set(e.target.value)}>
        {withResult.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="panel diff-panel" aria-label="Diff">
      <div className="row">
        {picker('Old (A)', keyA, (v) => onPick(v, keyB))}
        {picker('New (B)', keyB, (v) => onPick(keyA, v))}
        <label className="inline">
          <input type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} />
          Show whole answer
        </label>
      </div>
      {diff && (
        <>
          <p data-testid="diff-stats">
            Similarity {formatPercent(diff.similarity)} ·{' '}
            <span className="added">+{diff.stats.addedTokens} words</span> ·{' '}
            <span className="removed">−{diff.stats.removedTokens} words</span>
          </p>
          <WordDiff diff={diff} full={full} />
        </>
      )}
      {sources && (
        <div className="source-diff" aria-label="Source domains diff">
          <h3>Sources</h3>
          <p className="muted small">
            Domain overlap {formatPercent(sources.jaccard)} (Jaccard) · rank-biased overlap{' '}
            {formatPercent(sources.rbo)}
          </p>
          <div className="three-cols">
            <div>
              <h4>Only in {colA?.label}</h4>
              <ul>
                {sources.removed.map((d) => (
                  <li key={d}>
                    <del>{d}</del>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4>In both</h4>
              <ul>
                {sources.shared.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4>Only in {colB?.label}</h4>
              <ul>
                {sources.added.map((d) => (
                  <li key={d}>
                    <ins>{d}</ins>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
