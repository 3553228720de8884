import { formatPercent } from '../../lib/format';

/** Pairwise Jaccard overlap of the columns' source domains. */
export function OverlapMatrix({ labels, matrix }: { labels: string[]; matrix: number[][] }) {
  if (labels.length < 2) return null;
  return (
    <div className="panel">
      <h2>Source overlap</h2>
      <table className="table overlap" aria-label="Source overlap (Jaccard of domains)">
        <thead>
          <tr>
            <th />
            {labels.map((l) => (
              <th key={l} scope="col">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => (
            <tr key={labels[i]}>
              <th scope="row">{labels[i]}</th>
              {row.map((v, j) => (
                <td key={j} className="heat" data-level={Math.round(v * 4)}>
                  {i === j ? '—' : formatPercent(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
