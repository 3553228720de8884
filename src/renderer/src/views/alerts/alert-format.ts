import type { AlertSeverity, AlertView } from '../../../../shared/alerts/types';
import { placeName } from '../../../../shared/narrative/places';
import { engineLabel } from '../../lib/engine-label';

/** An engine's label in the service profile in use, or its name when the catalog no longer has it. */
export { engineLabel };

/** Where an alert applies, in words: the prompt, engine and location, or the whole monitor. */
export function alertWhere(a: AlertView): string {
  if (a.scope === 'monitor') return 'All answers of the monitor';
  return [
    a.scope === 'cell' && a.prompt ? `“${a.prompt}”` : a.scope === 'slice' ? 'Every prompt' : null,
    a.engine ? engineLabel(a.engine) : null,
    a.loc ? placeName(a.loc) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The title of the result set an alert opens in Compare. */
export function alertDiffTitle(a: AlertView): string {
  return `${a.title.replace(/\.$/, '')} — ${a.monitorName}: previous run vs this run`;
}

export const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  high: 'Your brand',
  medium: 'Competitor',
  low: 'Sources and wording',
};
