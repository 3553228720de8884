import type { BrandMatrixView } from '../../../../shared/ipc/channels/library';
import { locationLabel } from '../../lib/countries';
import { formatPercent } from '../../lib/format';

/** Presence (with its 95 % interval), first position and share of voice per brand and country. */
export function BrandMatrixTable({ matrix }: { matrix: BrandMatrixView }) {
  const cell = (brandId: string, column: string) =>
    matrix.cells.find((c) => c.brandId === brandId && c.column === column);
  return (
    <table className="table brand-matrix" aria-label="Brand matrix">
      <thead>
        <tr>
          <th scope="col">Brand</th>
          {matrix.columns.map((c) => (
            <th key={c.key} scope="col">
              {locationLabel(c.country, c.state)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.brands.map((b) => (
          <tr key={b.id}>
            <th scope="row">
              {b.name} <span className={`badge badge-${b.kind}`}>{b.kind}</span>
            </th>
            {matrix.columns.map((col) => {
              const c = cell(b.id, col.key);
              if (!c) return <td key={col.key}>—</td>;
              return (
                <td key={col.key} className="heat" data-level={Math.round(c.mentionRate * 4)}>
                  <div
                    title={`${c.mentioned} of ${c.results} answers; 95 % interval ${formatPercent(c.interval[0])}–${formatPercent(c.interval[1])}`}
                  >
                    <strong>{formatPercent(c.mentionRate)}</strong>
                    {c.volatile && <span className="badge badge-soon"> volatile</span>}
                  </div>
                  <div className="small">
                    pos {c.avgRank === null ? '—' : c.avgRank.toFixed(1)} · SoV{' '}
                    {formatPercent(c.shareOfVoice)}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
