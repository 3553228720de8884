import { isEngineName } from '../../../../shared/api/engines';
import type { PaidOrganicRow } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { engineLabel } from '../visibility/format';
import { OpenRate, RateFigure } from './figures';

/**
 * Paid vs organic, per brand and engine, over the same answers: named in the text, on the shelf
 * beside it, its ad shown. A brand named in the answer but absent from the products beside it
 * reads here at a glance.
 */
export function PaidOrganicTable({ rows }: { rows: PaidOrganicRow[] }) {
  const drill = useCommerceStore((s) => s.drill);
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table com-table" aria-label="Paid vs organic per brand and engine">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <th scope="col">Engine</th>
            <th scope="col">Answers</th>
            <th scope="col">Named in the text</th>
            <th scope="col">On the shelf</th>
            <th scope="col">Ad shown</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const cell = isEngineName(r.engine) ? { engine: r.engine } : {};
            const where = engineLabel(r.engine);
            return (
              <tr key={`${r.brandId}|${r.engine}`}>
                <th scope="row">{r.brand}</th>
                <td>{where}</td>
                <td>{formatNumber(r.answers)}</td>
                <td>
                  <RateFigure rate={r.mentionRate} />
                </td>
                <td>
                  <OpenRate
                    rate={r.shelfPresence}
                    label={`${r.brand} on the shelf, ${where}`}
                    onOpen={() =>
                      void drill(
                        { kind: 'shelf', brandId: r.brandId },
                        `Answers with ${r.brand} on the shelf, ${where}`,
                        cell,
                      )
                    }
                  />
                </td>
                <td>
                  <OpenRate
                    rate={r.adPresence}
                    label={`${r.brand}'s ads, ${where}`}
                    onOpen={() =>
                      void drill(
                        { kind: 'brand-ads', brandId: r.brandId },
                        `Answers showing ${r.brand}'s ads, ${where}`,
                        cell,
                      )
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
