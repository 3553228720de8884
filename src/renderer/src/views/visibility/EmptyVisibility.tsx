import { useNavStore } from '../../stores/nav-store';
import { useVisibilityStore } from '../../stores/visibility-store';
import { DemoLoader } from '../settings/DemoLoader';

/**
 * Why there is nothing to show, and the ways forward: define a brand (Brands), load a
 * labelled synthetic demo history (the same loader as first run and Settings), compose
 * prompts, or widen the filters.
 */
export function EmptyVisibility({ reason, need }: { reason: string; need: 'brand' | 'answers' }) {
  const go = useNavStore((s) => s.go);
  const filters = useVisibilityStore((s) => s.filters);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  const narrowed =
    filters.scope.kind !== 'all' ||
    filters.engines.length > 0 ||
    filters.locations.length > 0 ||
    !('days' in filters.period) ||
    filters.period.days < 90;

  return (
    <section className="panel vis-empty" aria-labelledby="vis-empty-heading">
      <h2 id="vis-empty-heading">{reason}</h2>
      {need === 'brand' ? (
        <>
          <p>Visibility is measured for a brand of yours against its competitors.</p>
          <div className="row">
            <button type="button" className="primary" onClick={() => go('brands')}>
              Define your brand
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            Run prompts (or let a monitor run them) to build a history, or explore a demo history of synthetic
            answers.
          </p>
          <DemoLoader />
          <div className="row">
            <button type="button" onClick={() => go('compose')}>
              Compose prompts
            </button>
            {narrowed && (
              <button
                type="button"
                onClick={() =>
                  setFilters({ scope: { kind: 'all' }, period: { days: 90 }, engines: [], locations: [] })
                }
              >
                Show everything, last 90 days
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
