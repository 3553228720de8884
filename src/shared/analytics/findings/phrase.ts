import { ENGINES, isEngineName, US_STATES } from '../../api/engines';
import { signedNet } from '../../narrative/numbers';
import { fewAnswersWords, shortEarlierWords } from '../evidence';
import type { CitationChange } from './changepoint';
import type { CellKey, Contribution, Finding } from './types';

// Findings in plain words: percent points, ordinal places, country names (the CLDR names of
// Intl.DisplayNames), engine labels, short dates. One sentence per finding; the statistics stay
// in the finding's numbers (one click below in the app, --json on the CLI).

export type EngineLabel = (engine: string) => string;

export const defaultEngineLabel: EngineLabel = (engine) =>
  isEngineName(engine) ? ENGINES[engine].label : engine;

const STATES = new Map(US_STATES.map((s) => [s.code, s.name]));
let regions: Intl.DisplayNames | null = null;

/** 'DE' → 'Germany', 'US-CA' → 'California'; an unknown code stays as it is. */
export function placeName(loc: string): string {
  const [country, state] = loc.split('-') as [string, string | undefined];
  if (state !== undefined) return country === 'US' ? (STATES.get(state) ?? loc) : loc;
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    const name = regions.of(country) ?? loc;
    // 'in the United States', 'in the Netherlands', 'in the Philippines'.
    return /^(United |Netherlands$|Philippines$|Czech Republic$|Dominican Republic$)/u.test(name)
      ? `the ${name}`
      : name;
  } catch {
    return loc;
  }
}

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A rate as a whole percentage: '62 %'. */
export const percent = (rate: number): string => `${Math.round(rate * 100)} %`;

/** A change of rate in percent points: '18 points' ('1 point'; under half a point: 'under 1 point'). */
export function points(delta: number): string {
  const p = Math.round(Math.abs(delta) * 100);
  return p === 0 ? 'under 1 point' : `${p} point${p === 1 ? '' : 's'}`;
}

/** '2026-11-08' → 'Nov 8'. */
export function shortDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return `${d.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
}

/** ' in Germany on Assistant A', ' on Assistant A', ' in Germany', or ''. */
export function scopeWords(scope: Partial<CellKey>, label: EngineLabel): string {
  return `${scope.loc !== undefined ? ` in ${placeName(scope.loc)}` : ''}${scope.engine !== undefined ? ` on ${label(scope.engine)}` : ''}`;
}

/** ', mostly in Germany on Assistant A' when one cell carries at least half the change, else ''. */
export function concentrationWords(concentration: readonly Contribution[], label: EngineLabel): string {
  const top = concentration[0];
  if (top === undefined || top.share < 0.5) return '';
  return `, mostly${scopeWords(top, label)}`;
}

const oneDecimal = (v: number): string => v.toFixed(1);

type Parts = Pick<Finding, 'kind' | 'effect' | 'before' | 'after' | 'attribute' | 'domain'> & {
  name: string;
};

const KIND_WORDS: Record<
  'mention-rate' | 'share-of-voice' | 'recommendation-rate' | 'shelf-presence',
  string
> = {
  'shelf-presence': 'shelf presence',
  'mention-rate': 'mention rate',
  'share-of-voice': 'share of voice',
  'recommendation-rate': 'recommendation rate',
};

/** The sentence's core: what moved, by how much, where, from what to what. */
export function changeWords(p: Parts, where: string): string {
  const up = p.effect > 0;
  const fromTo = `${percent(p.before.value)} → ${percent(p.after.value)}`;
  switch (p.kind) {
    case 'mention-rate':
    case 'share-of-voice':
    case 'recommendation-rate':
      return `${p.name}'s ${KIND_WORDS[p.kind]} ${up ? 'rose' : 'fell'} ${points(p.effect)}${where} (${fromTo}${p.kind === 'recommendation-rate' ? ' of the answers naming it' : ''})`;
    case 'shelf-presence':
      return `${p.name}'s ${KIND_WORDS[p.kind]} ${up ? 'rose' : 'fell'} ${points(p.effect)}${where} (${fromTo} of the answers with a shopping surface)`;
    case 'position':
      return `${p.name} moved ${up ? 'down' : 'up'} ${oneDecimal(Math.abs(p.effect))} places on average${where} (${oneDecimal(p.before.value)} → ${oneDecimal(p.after.value)}, about ${ordinal(Math.max(1, Math.round(p.after.value)))} now)`;
    case 'net-sentiment':
      return `The tone about ${p.name} ${up ? 'warmed' : 'soured'}${where}: net sentiment ${signedNet(p.before.value)} → ${signedNet(p.after.value)}`;
    case 'attribute':
      return `${p.name} is called "${p.attribute}" ${up ? 'more' : 'less'} often${where}: ${fromTo} of the answers naming it`;
    case 'citation':
      return `${p.domain} is cited in ${percent(p.after.value)} of answers${where}, ${up ? 'up' : 'down'} from ${percent(p.before.value)}`;
    default:
      // The commerce events are worded where they are made (commerce.ts).
      return `${p.name}: ${fromTo}${where}`;
  }
}

/** 'Assistant A stopped citing veloxa.de in Germany on Nov 8 (in 40 % of answers before, 0 % since)'. */
export function citationDayWords(
  domain: string,
  scope: Partial<CellKey>,
  change: CitationChange,
  label: EngineLabel,
): string {
  const who = scope.engine !== undefined ? label(scope.engine) : 'The engines';
  const where = scope.loc !== undefined ? ` in ${placeName(scope.loc)}` : '';
  return `${who} ${change.direction} citing ${domain}${where} on ${shortDate(change.day)} (in ${percent(change.before)} of answers before, ${percent(change.after)} since)`;
}

/** The tail said of a change the control does not call significant. */
export const NOT_SIGNIFICANT = ' (not significant: chance alone could explain it)';

/** The sentence's tail: few answers or not significant, and an earlier period short of the later. */
export function caveatWords(f: Finding): string {
  const strength = f.fewAnswers
    ? `, on ${fewAnswersWords(f.before.n, f.after.n)}: not significant, chance alone could explain it`
    : f.significant
      ? ''
      : NOT_SIGNIFICANT;
  return `${strength}${f.shortEarlier === null ? '' : `; ${shortEarlierWords(f.shortEarlier)}`}`;
}
