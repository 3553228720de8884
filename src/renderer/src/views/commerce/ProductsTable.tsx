import type { ProductPrice, ProductRow } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { locationKeyLabel } from '../visibility/format';
import { decimal, money, OpenFigure } from './figures';

/** A price change at least this large (either way) is marked. */
const MARKED_CHANGE = 0.1;

function PriceLine({ price }: { price: ProductPrice }) {
  const change = price.change;
  const marked = change !== null && Math.abs(change) >= MARKED_CHANGE;
  return (
    <li>
      {locationKeyLabel(price.location)} · {money(price.mean, price.currency)}
      {price.merchant && <span className="muted"> at {price.merchant}</span>}
      {change !== null && (
        <span className={marked ? 'com-price-moved' : 'muted'}>
          {' '}
          {change > 0 ? '▲' : change < 0 ? '▼' : '='} {(change * 100).toFixed(0)} %
          {price.first && price.last && (
            <span className="visually-hidden">
              {' '}
              from {money(price.first.mean, price.currency)} on {price.first.day} to{' '}
              {money(price.last.mean, price.currency)} on {price.last.day}
            </span>
          )}
        </span>
      )}
    </li>
  );
}

/** The products shown most, their brand, position and prices per country and merchant. */
export function ProductsTable({ products }: { products: ProductRow[] }) {
  const drill = useCommerceStore((s) => s.drill);
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table com-table" aria-label="Products shown most">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Brand</th>
            <th scope="col">Slots</th>
            <th scope="col">Avg position</th>
            <th scope="col">Prices (country, merchant, change over the period)</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={`${p.title}|${p.brandId ?? ''}`}>
              <th scope="row" className="com-product-title">
                <OpenFigure
                  label={`${p.title}: ${formatNumber(p.slots)} slots`}
                  onOpen={() => void drill({ kind: 'product', title: p.title }, `Answers showing ${p.title}`)}
                >
                  {p.title}
                </OpenFigure>
              </th>
              <td>{p.brand ?? <span className="muted">no tracked brand</span>}</td>
              <td>{formatNumber(p.slots)}</td>
              <td>{decimal(p.avgPosition, 1)}</td>
              <td>
                {p.prices.length === 0 ? (
                  <span className="muted">no price shown</span>
                ) : (
                  <ul className="com-prices">
                    {p.prices.slice(0, 4).map((price) => (
                      <PriceLine
                        key={`${price.location}|${price.currency}|${price.merchant ?? ''}`}
                        price={price}
                      />
                    ))}
                    {p.prices.length > 4 && <li className="muted">and {p.prices.length - 4} more</li>}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
