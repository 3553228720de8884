import type { Clause } from './clauses';
import type { Lang } from './lexicon/lang';
import { DURATION_WORDS, type DurationWords } from './lexicon/durations';
import type { RootReading } from './roots';

// Waits told as facts: "installation takes six to ten weeks", "zwischen Auftrag und Anschluss
// vergehen zehn bis zwölf Wochen", "más de un mes", "payouts arrive months after the trip" are
// blame; "connects within a week", "innerhalb von fünf Werktagen", "sous dix jours", "entro pochi
// giorni" praise. A clause's words are looked at only where one is a unit of time (days, weeks
// …, found through a table of their first two letters), then a few words back for the number and
// what stands before it. Weighed as a root of blame or praise (roots.ts).

const BLAME = -1.5;
const PRAISE = 1.2;
const AFTER_CONTRAST = 1.3;
/** How far before the number a "within", "more than" or "takes" is looked for. */
const LOOK_BACK = 3;

const SHORT = 1;
const LONG = 2;
const PLURAL = 4;
const NUMBER = 8;
const SPAN = 16;
const QUICK = 32;
const MORE = 64;
const TAKE = 128;
const QUICK_SHORT = 256;
const VAGUE = 512;

interface DurationIndex {
  /** Role bits of each word of the lists. */
  roles: ReadonlyMap<string, number>;
  /** First two letters of the units: a word not opening so is never sliced. */
  unitPairs: ReadonlySet<number>;
  later: readonly string[];
}

const indexes = new Map<Lang, DurationIndex | null>();
const pairAt = (s: string, i: number): number => s.charCodeAt(i) * 0x10000 + s.charCodeAt(i + 1);

function indexOf(lang: Lang): DurationIndex | null {
  const had = indexes.get(lang);
  if (had !== undefined) return had;
  const words = DURATION_WORDS[lang];
  const built = words === undefined ? null : build(words);
  indexes.set(lang, built);
  return built;
}

function build(d: DurationWords): DurationIndex {
  const roles = new Map<string, number>();
  const mark = (list: readonly string[], bit: number): void => {
    for (const w of list) roles.set(w, (roles.get(w) ?? 0) | bit);
  };
  mark(d.shortUnits, SHORT);
  mark(d.longUnits, LONG);
  mark(d.pluralUnits, PLURAL);
  mark(d.numbers, NUMBER);
  mark(d.span, SPAN);
  mark(d.quick, QUICK);
  mark(d.quickShort, QUICK_SHORT);
  mark(d.more, MORE);
  mark(d.take, TAKE);
  mark(d.vague, VAGUE);
  const unitPairs = new Set([...d.shortUnits, ...d.longUnits].map((u) => pairAt(u, 0)));
  return { roles, unitPairs, later: d.later };
}

/** What the waits of a clause say, or null when it tells none. */
export function readDurations(clause: Clause, lang: Lang, past: boolean): RootReading | null {
  const index = indexOf(lang);
  if (index === null) return null;
  const { words } = clause;
  const folded = clause.answer.fold.folded;
  let reading: RootReading | null = null;
  for (let t = clause.fromWord + 1; t < clause.toWord; t++) {
    if (!index.unitPairs.has(pairAt(folded, words.start[t] as number))) continue;
    const unit = index.roles.get(words.text(t, folded)) ?? 0;
    if ((unit & (SHORT | LONG)) === 0) continue;
    const polarity = waitAt(clause, t, unit, index, folded);
    if (polarity === 0 || (past && polarity > 0)) continue;
    const score = (polarity < 0 ? BLAME : PRAISE) * (clause.turn ? AFTER_CONTRAST : 1);
    reading ??= { tone: 0, problems: 0, praise: 0 };
    reading.tone += score;
    if (score < 0) reading.problems++;
    else reading.praise++;
  }
  return reading;
}

/** −1 for a wait told as a complaint at unit word t, +1 for a quick one, 0 for neither. */
function waitAt(clause: Clause, t: number, unit: number, index: DurationIndex, folded: string): number {
  if ((unit & PLURAL) !== 0 && cameLater(clause, t, index, folded)) return -1;
  const roleAt = (k: number): number =>
    k < clause.fromWord
      ? 0
      : isNumber(clause, k, folded)
        ? NUMBER
        : (index.roles.get(clause.words.text(k, folded)) ?? 0);
  if ((roleAt(t - 1) & NUMBER) === 0) return 0;
  // "six to ten weeks", "zehn bis zwölf Wochen", "6-10 weeks".
  let first = t - 1;
  let span = false;
  if ((roleAt(t - 2) & SPAN) !== 0 && (roleAt(t - 3) & NUMBER) !== 0) [first, span] = [t - 3, true];
  else if (isNumber(clause, t - 1, folded) && t - 2 >= clause.fromWord && isNumber(clause, t - 2, folded))
    [first, span] = [t - 2, true];
  let before = 0;
  for (let k = first - 1; k >= Math.max(clause.fromWord, first - LOOK_BACK); k--) before |= roleAt(k);
  const long = (unit & LONG) !== 0;
  if ((before & QUICK) !== 0) return 1;
  // "in two days", not "in several days".
  if ((roleAt(first - 1) & QUICK_SHORT) !== 0 && !long && (roleAt(first) & VAGUE) === 0) return 1;
  if ((before & MORE) !== 0 && long) return -1;
  if (span && (long || (before & TAKE) !== 0)) return -1;
  if ((before & TAKE) !== 0 && long) return -1;
  return 0;
}

/** A word written in digits ("10", "6"). */
function isNumber(clause: Clause, k: number, folded: string): boolean {
  const c = folded.charCodeAt(clause.words.start[k] as number);
  return c >= 48 && c <= 57;
}

/** "months after", "Stunden später", "des mois plus tard": the plural unit at t is followed by "later". */
function cameLater(clause: Clause, t: number, index: DurationIndex, folded: string): boolean {
  if (t + 1 >= clause.toWord) return false;
  const next = clause.words.text(t + 1, folded);
  const two = t + 2 < clause.toWord ? `${next} ${clause.words.text(t + 2, folded)}` : next;
  return index.later.includes(next) || index.later.includes(two);
}
