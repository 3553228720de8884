import { useMemo, useState } from 'react';
import { ENGINE_NAMES, isEngineName } from '../../../../shared/api/engines';
import type { VisibilityScope } from '../../../../shared/visibility/types';
import { MultiSelect, type MultiSelectOption } from '../../components/MultiSelect';
import { runLabel } from '../../lib/run-label';
import { ErrorState } from '../../components/StatusStates';
import { useCatalogStore } from '../../stores/catalog-store';
import { engineLabel } from './format';
import { useVisibilityStore, type VisibilityOptions } from '../../stores/visibility-store';

/** The engines by the service profile's labels (read when drawn: the catalog may arrive later). */
const engineOptions = (): MultiSelectOption[] => ENGINE_NAMES.map((e) => ({ code: e, name: engineLabel(e) }));
const PRESET_DAYS = [7, 30, 90] as const;

/** A scope as a <select> value: "all", "monitor:ID", "promptSet:ID", "tag:NAME", "run:ID". */
function scopeValue(scope: VisibilityScope): string {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'tag':
      return `tag:${scope.name}`;
    default:
      return `${scope.kind}:${scope.id}`;
  }
}

function scopeOf(value: string): VisibilityScope {
  const at = value.indexOf(':');
  const kind = value.slice(0, at);
  const rest = value.slice(at + 1);
  if (kind === 'monitor' || kind === 'promptSet' || kind === 'run') return { kind, id: rest };
  if (kind === 'tag') return { kind, name: rest };
  return { kind: 'all' };
}

function ScopeSelect({ options }: { options: VisibilityOptions | null }) {
  const scope = useVisibilityStore((s) => s.filters.scope);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  const value = scopeValue(scope);
  const known =
    value === 'all' ||
    (options !== null &&
      [
        ...options.monitors.map((m) => `monitor:${m.id}`),
        ...options.sets.map((s) => `promptSet:${s.id}`),
        ...options.tags.map((t) => `tag:${t}`),
        ...options.runs.map((r) => `run:${r.id}`),
      ].includes(value));
  return (
    <label>
      Scope
      <select value={value} onChange={(e) => setFilters({ scope: scopeOf(e.target.value) })}>
        <option value="all">Everything</option>
        {!known && <option value={value}>{value}</option>}
        {options && options.monitors.length > 0 && (
          <optgroup label="Monitors">
            {options.monitors.map((m) => (
              <option key={m.id} value={`monitor:${m.id}`}>
                {m.name}
              </option>
            ))}
          </optgroup>
        )}
        {options && options.sets.length > 0 && (
          <optgroup label="Prompt sets">
            {options.sets.map((s) => (
              <option key={s.id} value={`promptSet:${s.id}`}>
                {s.name}
              </option>
            ))}
          </optgroup>
        )}
        {options && options.tags.length > 0 && (
          <optgroup label="Tags">
            {options.tags.map((t) => (
              <option key={t} value={`tag:${t}`}>
                #{t}
              </option>
            ))}
          </optgroup>
        )}
        {options && options.runs.length > 0 && (
          <optgroup label="Runs">
            {options.runs.map((r) => (
              <option key={r.id} value={`run:${r.id}`}>
                {runLabel(r)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

function PeriodPicker() {
  const period = useVisibilityStore((s) => s.filters.period);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  const [custom, setCustom] = useState(() =>
    'from' in period ? period : { from: '', to: new Date().toISOString().slice(0, 10) },
  );
  // "From – to…" chosen while this period was in force; a period set elsewhere (the empty
  // state's "show everything") closes the range form by being a different object.
  const [rangeFor, setRangeFor] = useState<typeof period | null>(null);
  const showRange = 'from' in period || rangeFor === period;
  const value = showRange ? 'range' : String(period.days);
  const rangeError =
    custom.from && custom.to && custom.from > custom.to ? 'The period ends before it starts' : '';

  return (
    <div className="row tight vis-period">
      <label>
        Period
        <select
          value={value}
          onChange={(e) => {
            if (e.target.value === 'range') setRangeFor(period);
            else setFilters({ period: { days: Number(e.target.value) } });
          }}
        >
          {PRESET_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              Last {d} days
            </option>
          ))}
          {'days' in period && !PRESET_DAYS.some((d) => d === period.days) && (
            <option value={String(period.days)}>Last {period.days} days</option>
          )}
          <option value="range">From – to…</option>
        </select>
      </label>
      {showRange && (
        <form
          className="row tight"
          aria-label="Date range"
          onSubmit={(e) => {
            e.preventDefault();
            if (custom.from && custom.to && !rangeError) setFilters({ period: custom });
          }}
        >
          <label>
            From
            <input
              type="date"
              value={custom.from}
              required
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={custom.to}
              required
              aria-invalid={rangeError ? true : undefined}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </label>
          <button type="submit" disabled={!custom.from || !custom.to || rangeError !== ''}>
            Apply
          </button>
          {rangeError && <p className="field-error">{rangeError}</p>}
        </form>
      )}
    </div>
  );
}

/** A multi-select folded into a disclosure, so the filter bar stays one line. */
function FilterDisclosure({
  label,
  options,
  selected,
  onChange,
  nameOf = (code) => code,
}: {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** How a choice is written in the summary (its code unless given). */
  nameOf?: (code: string) => string;
}) {
  const summary =
    selected.length === 0
      ? 'all'
      : selected.length <= 3
        ? selected.map(nameOf).join(', ')
        : `${selected.length} chosen`;
  return (
    <details className="vis-filter">
      <summary>
        {label}: {summary}
      </summary>
      <MultiSelect label={label} options={options} selected={selected} onChange={onChange} />
    </details>
  );
}

function BrandSelect({ options }: { options: VisibilityOptions | null }) {
  const brandId = useVisibilityStore((s) => s.filters.brandId);
  const focusBrandId = useVisibilityStore((s) => s.panels.overview.data?.focusBrandId ?? null);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  const brands = options?.brands ?? [];
  return (
    <label>
      Focus brand
      <select
        value={brandId ?? focusBrandId ?? ''}
        disabled={brands.length === 0}
        onChange={(e) => setFilters({ brandId: e.target.value || null })}
      >
        {brands.length === 0 && <option value="">No brands defined</option>}
        {brands.length > 0 && brandId === null && focusBrandId === null && <option value="">Choose…</option>}
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
            {b.kind === 'competitor' ? ' (competitor)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Leaves out the prompts naming a tracked brand: their answers name it because they were asked to. */
function UnbrandedSwitch() {
  const unbranded = useVisibilityStore((s) => s.filters.unbranded);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  return (
    <label
      className="vis-switch"
      title="Prompts that name a tracked brand make its mentions a given; leave them out of every number"
    >
      <input
        type="checkbox"
        checked={unbranded}
        onChange={(e) => setFilters({ unbranded: e.target.checked })}
      />{' '}
      Non-branded prompts only
    </label>
  );
}

/** Scope, period, engines, locations and focus brand: every panel is computed over these. */
export function VisibilityControls() {
  const options = useVisibilityStore((s) => s.options);
  const optionsError = useVisibilityStore((s) => s.optionsError);
  const loadOptions = useVisibilityStore((s) => s.loadOptions);
  const engines = useVisibilityStore((s) => s.filters.engines);
  const locations = useVisibilityStore((s) => s.filters.locations);
  const setFilters = useVisibilityStore((s) => s.setFilters);
  const countryOptions = useCatalogStore((s) => s.countryOptions);
  const stateOptions = useCatalogStore((s) => s.stateOptions);
  const locationOptions = useMemo<MultiSelectOption[]>(
    () => [
      ...countryOptions,
      ...stateOptions.map((s) => ({ code: `US-${s.code}`, name: `${s.name} (US state)`, flag: '🇺🇸' })),
    ],
    [countryOptions, stateOptions],
  );

  return (
    <div className="panel vis-controls" role="group" aria-label="Filters">
      <div className="row">
        <ScopeSelect options={options} />
        <PeriodPicker />
        <BrandSelect options={options} />
      </div>
      <div className="row vis-filters">
        <FilterDisclosure
          label="Engines"
          options={engineOptions()}
          selected={engines}
          nameOf={engineLabel}
          onChange={(selected) => setFilters({ engines: selected.filter(isEngineName) })}
        />
        <FilterDisclosure
          label="Locations"
          options={locationOptions}
          selected={locations}
          onChange={(selected) => setFilters({ locations: selected })}
        />
        <UnbrandedSwitch />
      </div>
      {optionsError && <ErrorState error={optionsError} onRetry={() => void loadOptions()} />}
    </div>
  );
}
