import { ALERT_KIND_LABELS } from '../../../../shared/alerts/format';
import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  type AlertKind,
  type AlertSeverity,
} from '../../../../shared/alerts/types';
import { useAlertsStore, type AlertFilters } from '../../stores/alerts-store';
import { engineLabel, SEVERITY_LABELS } from './alert-format';
import { placeName } from '../../../../shared/narrative/places';

const SINCE_OPTIONS: Array<{ value: AlertFilters['sinceHours']; label: string }> = [
  { value: '', label: 'All time' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '720', label: 'Last 30 days' },
];

/** Monitor, kind, period, engine, location and unread filters (choices from the stored alerts). */
export function AlertFiltersBar() {
  const { filters, facets, setFilters } = useAlertsStore();
  return (
    <div className="row filters" role="group" aria-label="Alert filters">
      <label>
        Monitor
        <select value={filters.monitorId} onChange={(e) => setFilters({ monitorId: e.target.value })}>
          <option value="">Any monitor</option>
          {facets?.monitors
            .filter((m) => m.id !== null)
            .map((m) => (
              <option key={m.id} value={m.id ?? ''}>
                {m.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        Kind
        <select value={filters.kind} onChange={(e) => setFilters({ kind: e.target.value as AlertKind | '' })}>
          <option value="">Any kind</option>
          {ALERT_KINDS.map((k) => (
            <option key={k} value={k}>
              {ALERT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        About
        <select
          value={filters.severity}
          onChange={(e) => setFilters({ severity: e.target.value as AlertSeverity | '' })}
        >
          <option value="">Anything</option>
          {ALERT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Since
        <select
          value={filters.sinceHours}
          onChange={(e) => setFilters({ sinceHours: e.target.value as AlertFilters['sinceHours'] })}
        >
          {SINCE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Engine
        <select value={filters.engine} onChange={(e) => setFilters({ engine: e.target.value })}>
          <option value="">Any engine</option>
          {facets?.engines.map((e) => (
            <option key={e} value={e}>
              {engineLabel(e)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Location
        <select value={filters.loc} onChange={(e) => setFilters({ loc: e.target.value })}>
          <option value="">Any location</option>
          {facets?.locs.map((l) => (
            <option key={l} value={l}>
              {placeName(l)}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={filters.unread}
          onChange={(e) => setFilters({ unread: e.target.checked })}
        />
        Unread only
      </label>
    </div>
  );
}
