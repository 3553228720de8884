import { isEngineName } from '../../../../shared/api/engines';
import type { EngineSurfaces } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { engineLabel } from '../visibility/format';
import { OpenRate } from './figures';

/** Each engine's surfaces within the view's filter: what the key numbers above are made of. */
export function EngineSurfacesTable({ rows }: { rows: EngineSurfaces[] }) {
  const drill = useCommerceStore((s) => s.drill);
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table com-table" aria-label="Shopping and ads per engine">
        <thead>
          <tr>
            <th scope="col">Engine</th>
            <th scope="col">Answers asked</th>
            <th scope="col">Shopping rate</th>
            <th scope="col">Answers showing ads</th>
            <th scope="col">Product slots</th>
            <th scope="col">Ad slots</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const cell = isEngineName(r.engine) ? { engine: r.engine } : {};
            const where = engineLabel(r.engine);
            return (
              <tr key={r.engine}>
                <th scope="row">{where}</th>
                <td>{formatNumber(r.answers)}</td>
                <td>
                  <OpenRate
                    rate={r.shoppingRate}
                    label={`answers showing products, ${where}`}
                    onOpen={() =>
                      void drill({ kind: 'shopping' }, `Answers showing products, ${where}`, cell)
                    }
                  />
                </td>
                <td>{formatNumber(r.withAds)}</td>
                <td>{formatNumber(r.productSlots)}</td>
                <td>{formatNumber(r.adSlots)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
