import { engineLabeler, type EngineLabelOf } from '../../shared/profile';
import type { MeanStat, RateStat, ResolvedPeriod, StatChange } from '../../shared/visibility/types';
import { profileOfSettings } from '../platform';
import type { McpDeps } from './types';

// How the tools write numbers for an assistant to read: every rate with its 95 % interval and
// n, every change marked "not significant" when the intervals overlap (the same rules as the
// app and `parallax visibility`); one fact per line, tables as Markdown.

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;

/** "42.1 % [38.0–46.3 %] (k 120 of n 285)", or "no data (n 0)". */
export function rateText(s: RateStat): string {
  if (s.value === null) return 'no data (n 0)';
  const interval = s.lower !== null && s.upper !== null ? ` [95 % CI ${pct(s.lower)}–${pct(s.upper)}]` : '';
  return `${pct(s.value)}${interval} (${s.k} of ${s.n})`;
}

/** "1.8 [95 % CI 1.6–2.0] (n 40)", "1.0 (n 1, no interval)", or "no data". */
export function meanText(s: MeanStat): string {
  if (s.value === null) return 'no data (n 0)';
  if (s.lower === null || s.upper === null) return `${s.value.toFixed(2)} (n ${s.n}, no interval)`;
  return `${s.value.toFixed(2)} [95 % CI ${s.lower.toFixed(2)}–${s.upper.toFixed(2)}] (n ${s.n})`;
}

/** A rate's change in points: "+3.2 pts (significant)", "-1.0 pts (not significant)". */
export function rateChangeText(c: StatChange): string {
  if (c.delta === null) return 'change: no data on one side';
  const pts = (c.delta * 100).toFixed(1);
  return `change ${c.delta > 0 ? '+' : ''}${pts} pts (${c.significant ? 'significant' : 'not significant: the intervals overlap'})`;
}

/** A position's change (lower is better). */
export function meanChangeText(c: StatChange): string {
  if (c.delta === null) return 'change: no data on one side';
  return `change ${c.delta > 0 ? '+' : ''}${c.delta.toFixed(2)} (${c.significant ? 'significant' : 'not significant: the intervals overlap'})`;
}

export function periodText(p: ResolvedPeriod): string {
  return `${p.from} to ${p.to} (${p.days} days; previous period ${p.previous.from} to ${p.previous.to})`;
}

/** One line, at most max characters (engine text is free text: whitespace folded). */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A Markdown table; cells are single-line and pipes escaped. */
export function table(header: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (v: string | number | null): string =>
    v === null ? '–' : String(v).replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

export const isoTime = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A location as the app writes it: 'DE', or 'US-CA' for a US state. */
export const locationOf = (r: { country: string; state: string | null }): string =>
  r.state ? `US-${r.state}` : r.country;

/** Said of synthetic answers wherever they appear. */
export const SYNTHETIC_NOTE =
  'Sandbox · synthetic data: these answers come from the built-in sandbox, not a real engine.';

/** Engine id → the label of the service profile in use (read on each call, as the settings are). */
export const engineLabelsNow = (deps: Pick<McpDeps, 'readSettings'>): EngineLabelOf =>
  engineLabeler(profileOfSettings(deps.readSettings()));
