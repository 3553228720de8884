import { isEngineName } from '../../../../shared/api/engines';
import type { CommerceBrandRow, CommerceSummary } from '../../../../shared/commerce/types';
import { useCommerceStore, type CommerceByChoice, type CommerceCell } from '../../stores/commerce-store';
import { engineLabel, locationKeyLabel } from '../visibility/format';
import { OpenRate, RateFigure } from './figures';

/** Brands shown as columns: yours first, then the competitors most on the shelf. */
const COLUMNS = 4;

function columnsOf(brands: CommerceBrandRow[]): CommerceBrandRow[] {
  const own = brands.filter((b) => b.kind === 'brand');
  const rest = brands
    .filter((b) => b.kind !== 'brand')
    .sort((a, b) => (b.shelfPresence.value ?? 0) - (a.shelfPresence.value ?? 0));
  return [...own, ...rest].slice(0, COLUMNS);
}

const bucketLabel = (by: CommerceByChoice, bucket: string): string =>
  by === 'engine' ? engineLabel(bucket) : locationKeyLabel(bucket);

function cellOf(by: CommerceByChoice, bucket: string): CommerceCell {
  if (by === 'country') return { location: bucket };
  return isEngineName(bucket) ? { engine: bucket } : {};
}

/** Shelf presence per engine or per country, for your brand and its closest competitors. */
export function ByTable({ summary, byBuckets }: { summary: CommerceSummary; byBuckets: CommerceSummary }) {
  const by = useCommerceStore((s) => s.by);
  const setBy = useCommerceStore((s) => s.setBy);
  const drill = useCommerceStore((s) => s.drill);
  const columns = columnsOf(summary.brands);
  return (
    <>
      <div className="vis-toggle" role="group" aria-label="Break down by">
        {(['engine', 'country'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="small"
            aria-pressed={by === choice}
            onClick={() => setBy(choice)}
          >
            By {choice}
          </button>
        ))}
      </div>
      <div className="vis-table-scroll vis-table-full">
        <table className="table vis-table com-table" aria-label={`Shelf presence by ${by}`}>
          <thead>
            <tr>
              <th scope="col">{by === 'engine' ? 'Engine' : 'Country'}</th>
              <th scope="col">Shopping rate</th>
              {columns.map((b) => (
                <th key={b.brandId} scope="col">
                  {b.brand} on the shelf
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {byBuckets.buckets.map((bucket) => {
              const where = bucketLabel(by, bucket.bucket);
              const cell = cellOf(by, bucket.bucket);
              return (
                <tr key={bucket.bucket}>
                  <th scope="row">{where}</th>
                  <td>
                    <RateFigure rate={bucket.surfaces.shoppingRate} />
                  </td>
                  {columns.map((b) => {
                    const row = bucket.brands.find((r) => r.brandId === b.brandId);
                    return (
                      <td key={b.brandId}>
                        {row ? (
                          <OpenRate
                            rate={row.shelfPresence}
                            label={`${b.brand} on the shelf, ${where}`}
                            onOpen={() =>
                              void drill(
                                { kind: 'shelf', brandId: b.brandId },
                                `Answers with ${b.brand} on the shelf, ${where}`,
                                cell,
                              )
                            }
                          />
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
