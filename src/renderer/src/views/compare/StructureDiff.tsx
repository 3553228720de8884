import type { BrandRankRow, StructureComparison } from '../../../../shared/analytics/compare-mode';

const CHANGE_WORDS: Record<BrandRankRow['change'], string> = {
  same: 'same rank',
  up: 'ranked higher in B',
  down: 'ranked lower in B',
  'only-a': 'only in A',
  'only-b': 'only in B',
};

function rank(r: number | null): string {
  return r === null ? 'not named' : `#${r}`;
}

/**
 * Two answers side by side by the brands they name and their ranks (among the brands named; on a
 * results page without text, the rank of the first result naming the brand, as in Visibility).
 */
export function BrandRanks({
  comparison,
  labelA,
  labelB,
  hasBrands,
}: {
  comparison: StructureComparison;
  labelA: string;
  labelB: string;
  hasBrands: boolean;
}) {
  if (!hasBrands)
    return <p className="muted">Define brands in Brands to compare the brands each answer names.</p>;
  if (comparison.brands.length === 0) return <p className="muted">Neither answer names a tracked brand.</p>;
  return (
    <table className="table brand-ranks" aria-label="Brands named, by rank">
      <thead>
        <tr>
          <th scope="col">Brand</th>
          <th scope="col">A: {labelA}</th>
          <th scope="col">B: {labelB}</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {comparison.brands.map((b) => (
          <tr key={b.brandId}>
            <th scope="row">{b.name}</th>
            <td className={b.rankA === null ? 'muted' : undefined}>{rank(b.rankA)}</td>
            <td className={b.rankB === null ? 'muted' : undefined}>{rank(b.rankB)}</td>
            <td className={`rank-change rank-${b.change}`}>{CHANGE_WORDS[b.change]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The two answers' cited domains: only in A, in both, only in B. */
export function SourceDomains({
  sources,
  labelA,
  labelB,
}: {
  sources: StructureComparison['sources']['domains'];
  labelA: string;
  labelB: string;
}) {
  const column = (title: string, items: string[], mark: 'del' | 'ins' | null) => (
    <div>
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="muted small">None</p>
      ) : (
        <ul>
          {items.map((d) => (
            <li key={d}>{mark === 'del' ? <del>{d}</del> : mark === 'ins' ? <ins>{d}</ins> : d}</li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <div className="source-diff" aria-label="Source domains diff">
      <h3>Sources</h3>
      <p className="muted small">
        {sources.shared.length} of {sources.shared.length + sources.removed.length + sources.added.length}{' '}
        cited domains in both answers.
      </p>
      <div className="three-cols">
        {column(`Only in A (${labelA})`, sources.removed, 'del')}
        {column('In both', sources.shared, null)}
        {column(`Only in B (${labelB})`, sources.added, 'ins')}
      </div>
    </div>
  );
}
