import { bandKey, type TrendRow } from '../../lib/trends';
import { sampleText, valueText } from './point-text';

/** The chart's numbers as a table: one row per day or week with its n, one column per series. */
export function TrendTable({
  title,
  rows,
  keys,
  percent,
}: {
  title: string;
  rows: TrendRow[];
  keys: string[];
  percent: boolean;
}) {
  return (
    <div className="vis-table-scroll">
      <table className="table" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Answers</th>
            {keys.map((k) => (
              <th key={k} scope="col">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td className="muted small">{sampleText(r.n)}</td>
              {keys.map((k) => (
                <td key={k}>{valueText(r[k], r[bandKey(k)], percent)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
