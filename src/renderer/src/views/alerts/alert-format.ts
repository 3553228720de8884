import type { AlertView } from '../../../../shared/alerts/types';
import { ALERT_KIND_LABELS } from '../../../../shared/alerts/format';
import { engineLabel } from '../../lib/engine-label';

/** An engine's label in the service profile in use, or its name when the catalog no longer has it. */
export { engineLabel };

/** Where an alert applies, in words: the prompt, engine and location, or the whole monitor. */
export function alertWhere(a: AlertView): string {
  if (a.scope === 'monitor') return 'All answers of the monitor (pooled)';
  return [a.prompt ? `“${a.prompt}”` : null, a.engine ? engineLabel(a.engine) : null, a.loc]
    .filter(Boolean)
    .join(' · ');
}

/** The title of the result set an alert opens in Compare. */
export function alertDiffTitle(a: AlertView): string {
  const what = a.brandName ? `${ALERT_KIND_LABELS[a.kind]}: ${a.brandName}` : ALERT_KIND_LABELS[a.kind];
  return `${what} — ${alertWhere(a)} (${a.monitorName}): previous run vs this run`;
}
