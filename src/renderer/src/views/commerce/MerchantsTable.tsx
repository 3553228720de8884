import type { CommerceBrandRow } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { OpenFigure } from './figures';

interface MerchantRow {
  merchant: string;
  slots: number;
  brands: Array<{ brand: string; slots: number }>;
}

/** The merchants carrying the tracked brands' products, most slots first, with whose. */
export function merchantRows(brands: CommerceBrandRow[]): MerchantRow[] {
  const byMerchant = new Map<string, MerchantRow>();
  for (const b of brands)
    for (const m of b.merchants) {
      const row = byMerchant.get(m.merchant) ?? { merchant: m.merchant, slots: 0, brands: [] };
      row.slots += m.slots;
      row.brands.push({ brand: b.brand, slots: m.slots });
      byMerchant.set(m.merchant, row);
    }
  return [...byMerchant.values()]
    .map((r) => ({ ...r, brands: r.brands.sort((a, b) => b.slots - a.slots) }))
    .sort((a, b) => b.slots - a.slots || a.merchant.localeCompare(b.merchant));
}

export function MerchantsTable({ brands }: { brands: CommerceBrandRow[] }) {
  const drill = useCommerceStore((s) => s.drill);
  const rows = merchantRows(brands).slice(0, 15);
  if (rows.length === 0) return <p className="muted">No merchant named beside a tracked brand's products.</p>;
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table com-table" aria-label="Merchants carrying tracked brands">
        <thead>
          <tr>
            <th scope="col">Merchant</th>
            <th scope="col">Tracked brands' slots</th>
            <th scope="col">Brands it carries</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.merchant}>
              <th scope="row">
                <OpenFigure
                  label={`${r.merchant}: ${formatNumber(r.slots)} slots`}
                  onOpen={() =>
                    void drill(
                      { kind: 'merchant', merchant: r.merchant },
                      `Answers with products sold by ${r.merchant}`,
                    )
                  }
                >
                  {r.merchant}
                </OpenFigure>
              </th>
              <td>{formatNumber(r.slots)}</td>
              <td>{r.brands.map((b) => `${b.brand} (${formatNumber(b.slots)})`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
