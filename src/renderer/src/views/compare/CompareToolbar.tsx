import type { EngineName } from '../../../../shared/api/engines';
import type { CompareFilters, GroupBy, dimensionValues } from '../../lib/compare-columns';
import { useCompareStore } from '../../stores/compare-store';
import { engineLabel } from '../../lib/engine-label';

/** Prompt, column dimension and the fixed values of the other dimensions. */
export function CompareToolbar({
  prompts,
  dims,
}: {
  prompts: string[];
  dims: ReturnType<typeof dimensionValues>;
}) {
  const { filters, setFilters } = useCompareStore();
  const engine = filters.engine ?? dims.engines[0] ?? null;
  const location = filters.location ?? dims.locations[0] ?? null;
  return (
    <div className="row toolbar">
      <label>
        Prompt
        <select
          value={filters.promptIndex}
          onChange={(e) => setFilters({ promptIndex: Number(e.target.value) })}
        >
          {dims.prompts.map((i) => (
            <option key={i} value={i}>
              {prompts[i]?.slice(0, 80) ?? `Prompt ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Columns by
        <select value={filters.groupBy} onChange={(e) => setFilters({ groupBy: e.target.value as GroupBy })}>
          <option value="location">Country / state</option>
          <option value="engine">Engine</option>
          <option value="repeat">Repeat</option>
        </select>
      </label>
      {filters.groupBy !== 'engine' && dims.engines.length > 0 && (
        <label>
          Engine
          <select value={engine ?? ''} onChange={(e) => setFilters({ engine: e.target.value as EngineName })}>
            {dims.engines.map((e) => (
              <option key={e} value={e}>
                {engineLabel(e)}
              </option>
            ))}
          </select>
        </label>
      )}
      {filters.groupBy !== 'location' && dims.locations.length > 0 && (
        <label>
          Location
          <select value={location ?? ''} onChange={(e) => setFilters({ location: e.target.value })}>
            {dims.locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
      {filters.groupBy !== 'repeat' && dims.repeats.length > 1 && (
        <label>
          Repeat
          <select
            value={filters.repeat ?? dims.repeats[0] ?? 1}
            onChange={(e) => setFilters({ repeat: Number(e.target.value) } as Partial<CompareFilters>)}
          >
            {dims.repeats.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
