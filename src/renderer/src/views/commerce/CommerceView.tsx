import { useEffect } from 'react';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { useCommerceStore } from '../../stores/commerce-store';
import { AdsPanel } from './AdsPanel';
import { ByTable } from './ByTable';
import { EngineSurfacesTable } from './EngineSurfacesTable';
import { MerchantsTable } from './MerchantsTable';
import { PaidOrganicTable } from './PaidOrganicTable';
import { ProductsTable } from './ProductsTable';
import { ShelfTable } from './ShelfTable';
import { SurfacesLine } from './SurfacesLine';

const PRESET_DAYS = [7, 30, 90] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel vis-panel com-panel" aria-labelledby={`${id}-heading`}>
      <header className="vis-panel-header">
        <h2 id={`${id}-heading`}>{title}</h2>
      </header>
      {children}
    </section>
  );
}

function PeriodSelect() {
  const period = useCommerceStore((s) => s.period);
  const setPeriod = useCommerceStore((s) => s.setPeriod);
  const days = 'days' in period ? period.days : 30;
  return (
    <label>
      Period
      <select value={days} onChange={(e) => setPeriod({ days: Number(e.target.value) })}>
        {PRESET_DAYS.map((d) => (
          <option key={d} value={d}>
            Last {d} days
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Commerce: who the engines sell and who pays to be there, over the answers asked with shopping
 * and ads on. Every rate has its interval and n; every number opens its answers in Compare.
 * Products, merchants and ads are the engines' text, drawn as text only.
 */
export function CommerceView() {
  const data = useCommerceStore((s) => s.data);
  const loading = useCommerceStore((s) => s.loading);
  const error = useCommerceStore((s) => s.error);
  const drillError = useCommerceStore((s) => s.drillError);
  const load = useCommerceStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="commerce-heading" className="view com-view">
      <div className="row vis-title">
        <h1 id="commerce-heading">Commerce</h1>
        <p className="muted">
          Who the engines sell, and who pays to be there: answers asked with shopping and ads on.
        </p>
        <PeriodSelect />
      </div>
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      {drillError && <ErrorState error={drillError} />}
      {!data && loading && <Loading />}
      {data && data.summary.empty !== null && (
        <Empty>
          <p>{data.summary.empty}</p>
          <p className="muted">
            Turn on “Track shopping and ads” in Compose or a monitor to ask the engines that show products and
            ads for them.
          </p>
        </Empty>
      )}
      {data && data.summary.empty === null && (
        <>
          <SurfacesLine summary={data.summary} />
          <Section id="com-engines" title="Shopping and ads per engine">
            <EngineSurfacesTable rows={data.summary.engines} />
          </Section>
          <Section id="com-shelf" title="Shelf and ads per brand">
            <ShelfTable brands={data.summary.brands} />
          </Section>
          <Section id="com-by" title="Shelf by engine and country">
            <ByTable summary={data.summary} byBuckets={data.byBuckets} />
          </Section>
          <Section id="com-paid" title="Paid vs organic">
            <PaidOrganicTable rows={data.summary.paidVsOrganic} />
          </Section>
          <Section id="com-products" title="Products">
            <ProductsTable products={data.products.products} />
          </Section>
          <Section id="com-merchants" title="Merchants">
            <MerchantsTable brands={data.summary.brands} />
          </Section>
          <Section id="com-ads" title="Advertisers">
            <AdsPanel ads={data.ads} />
          </Section>
        </>
      )}
    </section>
  );
}
