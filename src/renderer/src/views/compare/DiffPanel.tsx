import { useMemo, useState } from 'react';
import { chooseCompareMode, compareStructure } from '../../../../shared/analytics/compare-mode';
import { diffText } from '../../../../shared/analytics/text-diff';
import type { ResultView } from '../../../../shared/ipc/channels/runs';
import type { CompareColumn } from '../../lib/compare-columns';
import { formatPercent } from '../../lib/format';
import { useBrandsStore } from '../../stores/brands-store';
import { WordDiff } from '../../components/WordDiff';
import { BrandRanks, SourceDomains } from './StructureDiff';

interface Props {
  columns: CompareColumn[];
  results: Record<string, ResultView>;
  a: string | null;
  b: string | null;
  onPick(a: string | null, b: string | null): void;
}

/**
 * Diff mode: any two columns. Answers in one language get a word diff (Japanese and Chinese cut
 * into words by Intl.Segmenter); answers in different languages are compared by the brands they
 * name, their ranks and their sources, since a word diff would strike everything out. Both
 * show the brand ranks and the source domains.
 */
export function DiffPanel({ columns, results, a, b, onPick }: Props) {
  const [full, setFull] = useState(false);
  const matcher = useBrandsStore((s) => s.matcher);
  const withResult = columns.filter((c) => c.cell.resultId && results[c.cell.resultId]);
  const keyA = a ?? withResult[0]?.key ?? null;
  const keyB = b ?? withResult[1]?.key ?? null;
  const colA = withResult.find((c) => c.key === keyA);
  const colB = withResult.find((c) => c.key === keyB);
  const resA = colA?.cell.resultId ? results[colA.cell.resultId] : undefined;
  const resB = colB?.cell.resultId ? results[colB.cell.resultId] : undefined;

  const mode = useMemo(
    () => (resA && resB ? chooseCompareMode(resA.normalized.text, resB.normalized.text) : null),
    [resA, resB],
  );
  const diff = useMemo(
    () =>
      resA && resB && mode?.kind === 'words' ? diffText(resA.normalized.text, resB.normalized.text) : null,
    [resA, resB, mode],
  );
  const structure = useMemo(
    () => (resA && resB ? compareStructure(resA.normalized, resB.normalized, matcher) : null),
    [resA, resB, matcher],
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
  const labelA = colA?.label ?? 'A';
  const labelB = colB?.label ?? 'B';

  return (
    <div className="panel diff-panel" aria-label="Diff">
      <div className="row">
        {picker('Old (A)', keyA, (v) => onPick(v, keyB))}
        {picker('New (B)', keyB, (v) => onPick(keyA, v))}
        {mode?.kind === 'words' && (
          <label className="inline">
            <input type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} />
            Show whole answer
          </label>
        )}
      </div>
      {mode?.kind === 'structure' && (
        <p className="diff-mode-note" data-testid="diff-mode">
          {mode.reason}
        </p>
      )}
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
      {structure && (
        <>
          <h3>Brands</h3>
          <BrandRanks comparison={structure} labelA={labelA} labelB={labelB} hasBrands={matcher !== null} />
          <SourceDomains sources={structure.sources.domains} labelA={labelA} labelB={labelB} />
        </>
      )}
    </div>
  );
}
