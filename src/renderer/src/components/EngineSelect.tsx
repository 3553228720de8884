import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import { engineLabel } from '../lib/engine-label';

/**
 * "Engine": a choice among the catalog's engines by label. With `anyOption` it starts with
 * "Any" (the empty value), for filters; without, one engine is always chosen.
 */
export function EngineSelect<V extends EngineName | ''>({
  value,
  onChange,
  anyOption = false,
}: {
  value: V;
  onChange(value: V): void;
  anyOption?: V extends EngineName ? false : boolean;
}) {
  return (
    <label>
      Engine
      {/* The options are exactly the engines (and '' with anyOption), so the value is a V. */}
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {anyOption && <option value="">Any</option>}
        {ENGINE_NAMES.map((e) => (
          <option key={e} value={e}>
            {engineLabel(e)}
          </option>
        ))}
      </select>
    </label>
  );
}
