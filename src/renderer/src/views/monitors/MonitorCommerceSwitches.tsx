import { ENGINE_NAMES, type EngineName } from '../../../../shared/api/engines';
import { commerceIncludesFor } from '../../../../shared/domain/commerce-option';
import type { MonitorView } from '../../../../shared/ipc/channels/library';
import { engineLabel } from '../../lib/engine-label';
import { useMonitorsStore } from '../../stores/monitors-store';

// A saved monitor's two commerce switches, as in Compose: "Shopping and ads" (include.shopping
// and include.ads where taken) and "Expand products" (merchant offers: include.expandProducts,
// +1 credit per product cluster, at most +6), which only some engines take, so it is off and
// says why when none of the monitor's engines does.

const expands = (engine: EngineName): boolean =>
  commerceIncludesFor(engine, { shoppingAndAds: false, expandProducts: true }).length > 0;

/** The engines that take the expansion. */
const EXPANDING = ENGINE_NAMES.filter(expands);

export function MonitorCommerceSwitches({ monitor: m }: { monitor: MonitorView }) {
  const setCommerce = useMonitorsStore((s) => s.setCommerce);
  const expandable = m.spec.engines.some(expands);
  const why = `None of its engines expands products (${EXPANDING.map(engineLabel).join(', ')} does)`;
  return (
    <div className="small">
      <label className="inline">
        <input
          type="checkbox"
          aria-label={`Track shopping and ads: ${m.name}`}
          checked={m.spec.commerce?.shoppingAndAds === true}
          onChange={(e) => void setCommerce(m, { shoppingAndAds: e.target.checked })}
        />
        Shopping and ads
      </label>{' '}
      <label className="inline" title={expandable ? undefined : why}>
        <input
          type="checkbox"
          aria-label={`Expand products (merchant offers): ${m.name}`}
          checked={m.spec.commerce?.expandProducts === true}
          disabled={!expandable && m.spec.commerce?.expandProducts !== true}
          onChange={(e) => void setCommerce(m, { expandProducts: e.target.checked })}
        />
        Expand products (merchant offers, +1 credit per product cluster, at most +6)
      </label>
    </div>
  );
}
