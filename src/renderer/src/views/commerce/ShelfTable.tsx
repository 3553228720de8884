import type { CommerceBrandRow } from '../../../../shared/commerce/types';
import { useCommerceStore } from '../../stores/commerce-store';
import { decimal, OpenRate, RateFigure } from './figures';

/**
 * Every brand on the shelf and in the ads, your brand first: shelf presence and ad presence open
 * the answers they count; share of shelf and of ads are over slots (their intervals treat one
 * answer's slots as one cluster).
 */
export function ShelfTable({ brands }: { brands: CommerceBrandRow[] }) {
  const drill = useCommerceStore((s) => s.drill);
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table com-table" aria-label="Shelf and ads per brand">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <th scope="col">Shelf presence</th>
            <th scope="col">Share of shelf</th>
            <th scope="col">Best rank</th>
            <th scope="col">Price index</th>
            <th scope="col">Ad presence</th>
            <th scope="col">Share of ads</th>
          </tr>
        </thead>
        <tbody>
          {brands.map((b) => (
            <tr key={b.brandId} className={b.kind === 'brand' ? 'vis-focus-row' : undefined}>
              <th scope="row">
                {b.brand}
                {b.kind === 'brand' && <span className="pill"> your brand</span>}
                {b.note && <span className="muted small com-note">{b.note}</span>}
              </th>
              <td>
                <OpenRate
                  rate={b.shelfPresence}
                  label={`${b.brand}: on the shelf`}
                  onOpen={() =>
                    void drill({ kind: 'shelf', brandId: b.brandId }, `Answers with ${b.brand} on the shelf`)
                  }
                />
              </td>
              <td>
                <RateFigure rate={b.shelfShare} />
              </td>
              <td>{decimal(b.bestRank, 1)}</td>
              <td>
                {decimal(b.priceIndex, 2)}
                {b.priceCurrency && <span className="muted small"> {b.priceCurrency}</span>}
              </td>
              <td>
                <OpenRate
                  rate={b.adPresence}
                  label={`${b.brand}: its ads shown`}
                  onOpen={() =>
                    void drill({ kind: 'brand-ads', brandId: b.brandId }, `Answers showing ${b.brand}'s ads`)
                  }
                />
              </td>
              <td>
                <RateFigure rate={b.adShare} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
