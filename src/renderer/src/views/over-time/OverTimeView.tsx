import { useEffect, useMemo } from 'react';
import { diffText } from '../../../../shared/analytics/text-diff';
import { formatDateTime } from '../../lib/format';
import { useBrandsStore } from '../../stores/brands-store';
import { useNavStore } from '../../stores/nav-store';
import { useOverTimeStore } from '../../stores/over-time-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { WordDiff } from '../../components/WordDiff';
import { AnswerGroups } from './AnswerGroups';
import { ManualSeriesForm } from './ManualSeriesForm';
import { BrandCharts } from './BrandCharts';
import { SeriesPicker } from './SeriesPicker';

export function OverTimeView() {
  const { seriesTarget, openSeries } = useNavStore();
  const { points, results, loading, error, load, target, pair, setPair } = useOverTimeStore();
  const { brands, matcher, load: loadBrands } = useBrandsStore();

  useEffect(() => {
    if (seriesTarget && seriesTarget !== target) void load(seriesTarget);
  }, [seriesTarget, target, load]);
  useEffect(() => {
    if (brands === null) void loadBrands();
  }, [brands, loadBrands]);

  const byId = useMemo(() => new Map(results.map((r) => [r.resultId, r])), [results]);
  const aId = pair.a ?? results[0]?.resultId ?? null;
  const bId = pair.b ?? results[results.length - 1]?.resultId ?? null;
  const resA = aId ? byId.get(aId) : undefined;
  const resB = bId ? byId.get(bId) : undefined;
  const diff = useMemo(
    () => (resA && resB && resA !== resB ? diffText(resA.normalized.text, resB.normalized.text) : null),
    [resA, resB],
  );

  return (
    <section aria-labelledby="over-time-heading" className="view">
      <h1 id="over-time-heading">Over time</h1>
      <SeriesPicker current={target} onPick={openSeries} />
      {!target && <ManualSeriesForm onOpen={openSeries} />}
      {!target && <Empty>Open a series above, or “Over time” from a compare column.</Empty>}
      {loading && <Loading />}
      {error && <ErrorState error={error} onRetry={() => target && void load(target)} />}
      {points && points.length === 0 && (
        <Empty>No stored answers for this prompt, engine and location yet.</Empty>
      )}
      {points && points.length > 0 && (
        <>
          {/* A new series starts from the default brands again. */}
          <BrandCharts
            key={JSON.stringify(target)}
            results={results}
            brands={brands ?? []}
            matcher={matcher}
          />
          <div className="panel">
            <h2>Diff between two dates</h2>
            <div className="row">
              {(['a', 'b'] as const).map((side) => (
                <label key={side}>
                  {side === 'a' ? 'Older' : 'Newer'}
                  <select
                    value={(side === 'a' ? aId : bId) ?? ''}
                    onChange={(e) => setPair({ a: aId, b: bId, [side]: e.target.value })}
                  >
                    {results.map((r) => (
                      <option key={r.resultId} value={r.resultId}>
                        {formatDateTime(r.fetchedAt)}
                        {r.repeat > 1 ? ` (repeat ${r.repeat})` : ''}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            {diff ? (
              <WordDiff diff={diff} full={false} />
            ) : (
              <p className="muted">Choose two different dates.</p>
            )}
          </div>
          <AnswerGroups points={points} results={results} />
        </>
      )}
    </section>
  );
}
