import { ENGINES, type EngineName } from '../../../../shared/api/engines';
import type { AlertSeverity, AlertView } from '../../../../shared/alerts/types';
import { placeName } from '../../../../shared/narrative/places';

/** An engine's label, or its name when the catalog no longer has it. */
export function engineLabel(engine: string): string {
  return (ENGINES as Record<string, { label: string } | undefined>)[engine as EngineName]?.label ?? engine;
}

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
