import { commerceTargets } from '../../../../shared/domain/commerce-option';
import type { CommerceOption as Option } from '../../../../shared/domain/run-spec';
import { engineLabel } from '../../lib/engine-label';
import { useComposeStore } from '../../stores/compose-store';

const OFF: Option = { shoppingAndAds: false, expandProducts: false };

/** What the option sets on the chosen engines, in words (the estimate adds the credits). */
function targetsText(option: Option, engines: Parameters<typeof commerceTargets>[0]): string {
  const targets = commerceTargets(engines, option);
  if (targets.length === 0)
    return 'None of the chosen engines needs a flag: they return shopping cards and ads without one.';
  return `Sets ${targets.map((t) => `${t.flags.join(' and ')} on ${engineLabel(t.engine)}`).join('; ')}.`;
}

/**
 * "Track shopping and ads": include.shopping and include.ads on the engines that take them
 * (+2 credits a request), and optionally include.expandProducts (+1 credit per product
 * cluster returned, at most +6), priced in the estimate and held to the budget.
 */
export function CommerceOptionField() {
  const option = useComposeStore((s) => s.commerce) ?? OFF;
  const engines = useComposeStore((s) => s.engines);
  const patch = useComposeStore((s) => s.patch);
  const set = (p: Partial<Option>): void => {
    const next = { ...option, ...p };
    patch({ commerce: next.shoppingAndAds || next.expandProducts ? next : null });
  };
  const on = option.shoppingAndAds || option.expandProducts;
  return (
    <fieldset className="inline-fieldset" aria-describedby="commerce-option-hint">
      <legend>Shopping and ads</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={option.shoppingAndAds}
          onChange={(e) => set({ shoppingAndAds: e.target.checked })}
        />
        Track shopping and ads (+2 credits a request where asked for)
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={option.expandProducts}
          onChange={(e) => set({ expandProducts: e.target.checked })}
        />
        Expand products: merchant offers (+1 credit per product cluster, at most +6)
      </label>
      <p id="commerce-option-hint" className="muted small" data-testid="commerce-option-hint">
        {on
          ? targetsText(option, engines)
          : 'Off: shopping cards and ads are kept only where engines send them unasked.'}
      </p>
    </fieldset>
  );
}
