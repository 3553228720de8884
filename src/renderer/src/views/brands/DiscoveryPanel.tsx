import { useEffect } from 'react';
import type { DiscoveryKind } from '../../../../shared/analytics/discovery-kind';
import type { DiscoveryCandidate } from '../../../../shared/analytics/discovery-types';
import { subscribe } from '../../ipc/client';
import { formatDateRange, formatNumber, plural, shortDateRange } from '../../lib/format';
import { VirtualList } from '../../components/VirtualList';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { useDiscoveryStore } from '../../stores/discovery-store';
import { DiscoveryDetail } from './DiscoveryDetail';
import { enginesText } from '../../lib/engine-label';
import { formatPct, originLabel } from './discovery-format';

const PERIODS = [7, 30, 90] as const;
const ROW_HEIGHT = 38;

/** One queue row: the figures at a glance; the details open below when it is chosen. */
function DiscoveryRow({ c }: { c: DiscoveryCandidate }) {
  const engines = enginesText(c.engines);
  return (
    <div className="discovery-row" data-testid="discovery-row">
      <span className="discovery-name">
        {c.name}
        {c.isNew && <span className="badge badge-shared">new</span>}
      </span>
      <span className="num">{formatNumber(c.answers)}</span>
      <span className="num" title={`${c.share.k} of ${c.share.n} answers; 95 % Wilson interval`}>
        {formatPct(c.share.value)}{' '}
        <span className="muted">
          ({formatPct(c.share.lower).replace(' %', '')}–{formatPct(c.share.upper)})
        </span>
      </span>
      <span title={engines.full}>
        {engines.short === engines.full ? (
          engines.short || '–'
        ) : (
          <>
            <span aria-hidden="true">{engines.short}</span>
            <span className="visually-hidden">{engines.full}</span>
          </>
        )}
      </span>
      <span>{c.locations.join(', ') || '–'}</span>
      <span className="muted">
        {c.firstSeen && c.lastSeen ? shortDateRange(c.firstSeen, c.lastSeen) : 'not in period'}
      </span>
      <span className="muted discovery-origins">{c.origins.map(originLabel).join(', ')}</span>
    </div>
  );
}

const KIND_LABEL: Record<DiscoveryKind, string> = {
  candidate: 'Competitor candidates',
  retailer: 'Retailers and marketplaces',
};

/**
 * Candidate competitors or the retailers and marketplaces (shopping merchants, never a
 * product's brand: shared/analytics/discovery-kind.ts), each with how many there are: a shop
 * is where to be listed, not a brand to track, so the two lists are kept apart.
 */
function KindToggle({
  kind,
  counts,
  onChange,
}: {
  kind: DiscoveryKind;
  counts: Record<DiscoveryKind, number>;
  onChange(kind: DiscoveryKind): void;
}) {
  return (
    <div className="vis-toggle discovery-kinds" role="group" aria-label="Which names">
      {(['candidate', 'retailer'] as const).map((k) => (
        <button key={k} type="button" className="small" aria-pressed={kind === k} onClick={() => onChange(k)}>
          {KIND_LABEL[k]} ({formatNumber(counts[k])})
        </button>
      ))}
    </div>
  );
}

/**
 * The Brands view's "Discovered" panel: names the stored answers put forward that no brand
 * covers, with their share of answers (95 % interval), where and when they were seen; choosing
 * one opens its examples, proposals and the actions (accept, dismiss or restore, merge).
 */
export function DiscoveryPanel() {
  const {
    period,
    showDismissed,
    kind,
    queue,
    loading,
    error,
    selected,
    detail,
    load,
    setPeriod,
    setShowDismissed,
    setKind,
    select,
  } = useDiscoveryStore();

  useEffect(() => {
    void load();
    // A brand change elsewhere, a demo loaded or deleted, new answers: the queue moves.
    return subscribe('visibility.changed', () => void load());
  }, [load]);

  const days = 'days' in period ? period.days : null;
  const candidates = queue?.candidates ?? [];
  const chosen = detail !== null && detail.key === selected ? detail : null;

  return (
    <div className="panel discovery" role="region" aria-labelledby="discovery-heading">
      <div className="row discovery-controls">
        <h2 id="discovery-heading">Discovered</h2>
        <label className="inline">
          Period{' '}
          <select
            value={days ?? ''}
            onChange={(e) => setPeriod({ days: Number(e.target.value) })}
            aria-label="Discovery period"
          >
            {days === null && <option value="">Custom</option>}
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={showDismissed}
            onChange={(e) => setShowDismissed(e.target.checked)}
          />{' '}
          Dismissed
        </label>
      </div>
      {queue && <KindToggle kind={kind} counts={queue.kindCounts} onChange={setKind} />}
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      {queue === null && loading && <Loading />}
      {queue && (
        <p className="muted" aria-live="polite">
          {showDismissed
            ? `${plural(queue.total, 'dismissed name')}.`
            : `${plural(queue.total, kind === 'retailer' ? 'retailer or marketplace' : 'candidate competitor', kind === 'retailer' ? 'retailers and marketplaces' : 'candidate competitors')} in ${plural(queue.totalAnswers, 'answer')} (${formatDateRange(queue.period.from, queue.period.to)}), most named first; ${queue.coveredCount} covered by your brands, ${queue.dismissedCount} dismissed.`}
        </p>
      )}
      {queue && candidates.length === 0 && (
        <Empty>
          {showDismissed
            ? 'No dismissed names.'
            : queue.totalAnswers === 0
              ? 'No answers in this period.'
              : 'No new names: every name in these answers is a brand you track or one you dismissed.'}
        </Empty>
      )}
      {candidates.length > 0 && (
        <>
          <div className="discovery-row discovery-head" aria-hidden="true">
            <span>Name</span>
            <span className="num">Answers</span>
            <span className="num">Share (95 % CI)</span>
            <span>Engines</span>
            <span>Locations</span>
            <span>Seen</span>
            <span>From</span>
          </div>
          <VirtualList<DiscoveryCandidate>
            label={showDismissed ? 'Dismissed names' : 'Discovered names'}
            count={candidates.length}
            rowHeight={ROW_HEIGHT}
            height={420}
            rowAt={(i) => candidates[i]}
            renderRow={(c) => (c ? <DiscoveryRow c={c} /> : null)}
            onActivate={(c) => void select(c.key === selected ? null : c.key)}
          />
        </>
      )}
      {selected !== null && chosen === null && <Loading label="Loading the examples…" />}
      {chosen && <DiscoveryDetail key={chosen.key} candidate={chosen} />}
    </div>
  );
}
