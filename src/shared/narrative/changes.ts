import { clampPlace, clampRate, percent, placePair } from './numbers';
import { listJoin, plural, possessive, sentence } from './words';

// Sentences that say how a number moved, in a client's words: "Veloxa is named in 24 % of
// answers, down from 42 % (Germany, Assistant A)." Each builder returns ONE sentence; `where` is
// the parenthesis of placeWords ("" for a whole-monitor figure) and `since` an optional
// comparison phrase (" in the previous 30 days"). The statistics behind a sentence are never
// in it: they go to a details line.

export interface RateMove {
  /** The brand (or other subject) named. */
  name: string;
  before: number;
  after: number;
  /** One answer on each side: "the answer" instead of percentages. */
  single?: boolean;
  /** A slide over this many runs (the trend rule): "down steadily from 42 % over 30 runs". */
  steadyRuns?: number;
  where?: string;
  since?: string;
}

const direction = (before: number, after: number): 'up' | 'down' => (after >= before ? 'up' : 'down');

/** How often a brand is named in answers, and from what. */
export function mentionSentence(m: RateMove): string {
  const before = clampRate(m.before);
  const after = clampRate(m.after);
  const tail = `${m.since ?? ''}${m.where ?? ''}`;
  if (m.single) {
    return sentence(
      after > before
        ? `${m.name} is now named in the answer${tail}`
        : `${m.name} is no longer named in the answer${tail}`,
    );
  }
  const over = m.steadyRuns ? ` over ${plural(m.steadyRuns, 'run')}` : '';
  const steadily = m.steadyRuns ? ' steadily' : '';
  if (after === 0 && before > 0)
    return sentence(
      `${m.name} is no longer named in any answer, down${steadily} from ${percent(before)}${over}${tail}`,
    );
  if (before === 0 && after > 0)
    return sentence(
      `${m.name} is now named in ${percent(after)} of answers, up${steadily} from none${over}${tail}`,
    );
  return sentence(
    `${m.name} is named in ${percent(after)} of answers, ${direction(before, after)}${steadily} from ${percent(before)}${over}${tail}`,
  );
}

/** How often answers cite the brand's own pages. */
export function citationSentence(m: RateMove): string {
  const tail = `${m.since ?? ''}${m.where ?? ''}`;
  return sentence(
    `${possessive(m.name)} own pages are cited in ${percent(m.after)} of answers, ${direction(m.before, m.after)} from ${percent(m.before)}${tail}`,
  );
}

/** The brand's share of all tracked brands' mentions. */
export function shareOfVoiceSentence(m: RateMove): string {
  const tail = `${m.since ?? ''}${m.where ?? ''}`;
  return sentence(
    `${m.name} holds ${percent(m.after)} of all brand mentions, ${direction(m.before, m.after)} from ${percent(m.before)}${tail}`,
  );
}

export interface PlaceMove {
  name: string;
  /** Places (1 = named first); a higher number is worse. */
  before: number;
  after: number;
  /** One answer on each side: "position" instead of "average position". */
  single?: boolean;
  where?: string;
  since?: string;
}

/** Where the brand comes among the brands an answer names: "fell from 2nd to 4th". */
export function placeSentence(m: PlaceMove): string {
  const before = clampPlace(m.before);
  const after = clampPlace(m.after);
  const [from, to] = placePair(before, after);
  const verb = after > before ? 'fell' : 'improved';
  const what = m.single ? 'position' : 'average position';
  return sentence(
    `${possessive(m.name)} ${what} ${verb} from ${from} to ${to}${m.since ?? ''}${m.where ?? ''}`,
  );
}

export interface SourcesMove {
  /** Sites cited before and no longer. */
  dropped: readonly string[];
  /** Sites cited now and not before. */
  added: readonly string[];
  /** Share of cited sites in common (0–1), when the sites themselves are not known. */
  overlap?: number;
  where?: string;
}

function namedSites(sites: readonly string[], what: string): string {
  if (sites.length === 1) return sites[0] as string;
  if (sites.length === 2) return listJoin(sites);
  return `${sites[0]} and ${plural(sites.length - 1, `other ${what}`, `other ${what}s`)}`;
}

/** Which sites the answers stopped or started citing: "reviewhub.com is no longer cited". */
export function sourcesSentence(m: SourcesMove): string {
  const where = m.where ?? '';
  const { dropped, added } = m;
  if (dropped.length === 0 && added.length === 0) {
    const overlap = m.overlap === undefined ? '' : `: ${percent(m.overlap)} of them are the same as before`;
    return sentence(`The sites cited changed${overlap}${where}`);
  }
  if (dropped.length === 0) {
    const verb = added.length === 1 ? 'is' : 'are';
    return sentence(`${namedSites(added, 'new site')} ${verb} now cited${where}`);
  }
  const verb = dropped.length === 1 ? 'is' : 'are';
  const gone = `${namedSites(dropped, 'site')} ${verb} no longer cited`;
  if (added.length === 0) return sentence(`${gone}${where}`);
  if (added.length === 1 && dropped.length === 1)
    return sentence(`${gone} and ${added[0]} is cited instead${where}`);
  return sentence(
    `${gone}, and ${plural(added.length, 'new site')} ${added.length === 1 ? 'is' : 'are'} cited${where}`,
  );
}

/** The answer's wording changed: "35 % of its wording is the same as before". */
export function wordingSentence(m: { same: number; pooled?: boolean; where?: string }): string {
  const subject = m.pooled ? 'The answers were reworded' : 'The answer was reworded';
  return sentence(`${subject}: ${percent(m.same)} of the wording is the same as before${m.where ?? ''}`);
}
