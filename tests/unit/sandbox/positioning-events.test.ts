import { describe, expect, it } from 'vitest';
import { eventsOn } from '../../../src/sandbox/engines/drift';
import { CATEGORIES } from '../../../src/sandbox/engines/catalog';
import { brandProfile } from '../../../src/sandbox/engines/positioning/attributes';
import {
  positioningByName,
  positioningEventsBetween,
  positioningEventsOn,
  scheduledPositioningEvents,
  type PositioningEvent,
} from '../../../src/sandbox/engines/positioning';
import type { Answer } from '../../../src/sandbox/engines/answer';
import { answer } from '../../support/sandbox-positioning';

// Positioning drifts with events: scripted ones change the answers in their scope and days and
// nowhere else (byte for byte), and the scheduled ones do what the schedule says they do.

const SHOES = CATEGORIES.find((c) => c.id === 'running-shoes')!.global;
const PROMPTS = [
  'best running shoes for beginners',
  'best trail running shoes',
  'running shoes for wide feet',
];
const D = 20_600;

interface Scope {
  engines: readonly string[];
  countries: ReadonlyArray<{ country: string; state?: string }>;
  days: readonly number[];
}

/** Every answer of a scope, with and without the scripted events. */
function* pairs(scope: Scope, events: PositioningEvent[]): Generator<{ plain: Answer; scripted: Answer }> {
  for (const engine of scope.engines)
    for (const where of scope.countries)
      for (const prompt of PROMPTS)
        for (const day of scope.days) {
          const input = { engine, prompt, ...where, day };
          yield { plain: answer(input), scripted: answer({ ...input, positioningEvents: events }) };
        }
}

const plannedOf = (a: Answer, brand: string) => a.positioning.plan.find((p) => p.name === brand);
/** The attribute keys the answer's text gives Veloxa. */
const written = (a: Answer): string[] =>
  positioningByName(a.positioning.text)
    .filter((p) => p.name === 'Veloxa')
    .flatMap((p) => p.attributes.map((x) => x.text));
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const inside = (e: PositioningEvent, day: number): boolean => day >= e.fromDay && day <= e.toDay;

describe('scripted positioning events', () => {
  it('sour: the brand is cautioned with its usual drawback in its country on its days, and nothing else changes', () => {
    const event: PositioningEvent = {
      kind: 'sour',
      brand: 'Veloxa',
      country: 'DE',
      fromDay: D,
      toDay: D + 6,
    };
    const usual = brandProfile('running-shoes', 'Veloxa').negative!;
    let named = 0;
    const scope = {
      engines: ['assistant-a', 'assistant-b'],
      countries: [{ country: 'DE' }, { country: 'US' }, { country: 'US', state: 'CA' }, { country: 'FR' }],
      days: range(D - 2, D + 8),
    };
    for (const { plain, scripted } of pairs(scope, [event])) {
      if (scripted.input.country !== 'DE' || !inside(event, scripted.input.day)) {
        expect(scripted.markdown).toBe(plain.markdown);
        continue;
      }
      const p = plannedOf(scripted, 'Veloxa');
      expect(scripted.brands.map((b) => b.name)).toEqual(plain.brands.map((b) => b.name));
      if (!p) continue;
      named++;
      expect(p.status).toBe('cautioned');
      expect(p.negatives[0]).toBe(usual);
    }
    expect(named).toBeGreaterThan(5);
  });

  it('top-pick: on its engine the brand ranks first and is the top pick in every country, unless a surge outranks it', () => {
    const brand = 'Norrun';
    const event: PositioningEvent = {
      kind: 'top-pick',
      brand,
      engine: 'assistant-b',
      fromDay: D,
      toDay: D + 4,
    };
    let crowned = 0;
    const scope = {
      engines: ['assistant-a', 'assistant-b'],
      countries: [{ country: 'US' }, { country: 'DE' }, { country: 'JP' }, { country: 'US', state: 'CA' }],
      days: range(D - 2, D + 6),
    };
    for (const { plain, scripted } of pairs(scope, [event])) {
      const { engine, day, country } = scripted.input;
      if (engine !== 'assistant-b' || !inside(event, day)) {
        expect(scripted.markdown).toBe(plain.markdown);
        continue;
      }
      const ranked = eventsOn(1, 'running-shoes', SHOES, day);
      const surged = ranked.some((e) => e.kind === 'surge' && e.country === country && e.brand !== brand);
      const gone = ranked.some((e) => e.kind === 'vanish' && e.engine === engine && e.brand === brand);
      const sour = positioningEventsOn(1, 'running-shoes', SHOES, day).some(
        (e) => e.kind === 'sour' && e.brand === brand && e.country === country,
      );
      if (surged || gone || sour) continue;
      expect(scripted.positioning.plan[0]?.name).toBe(brand);
      expect(scripted.positioning.plan[0]?.status).toBe('top');
      crowned++;
    }
    expect(crowned).toBeGreaterThan(10);
  });

  it('attribute-gain and -loss: a quality appears (or never shows) on their days only', () => {
    const profile = brandProfile('running-shoes', 'Veloxa');
    const gained = profile.others.find((a) => a.polarity === 'positive')!;
    const complaint = profile.others.find((a) => a.polarity === 'negative')!;
    const lost = profile.positive[0]!;
    const days = { fromDay: D, toDay: D + 11 };
    const events: PositioningEvent[] = [
      { kind: 'attribute-gain', brand: 'Veloxa', attribute: gained.key, ...days },
      { kind: 'attribute-gain', brand: 'Veloxa', attribute: complaint.key, ...days },
      { kind: 'attribute-loss', brand: 'Veloxa', attribute: lost.key, ...days },
    ];
    const seen = {
      gainedIn: 0,
      gainedOut: 0,
      lostIn: 0,
      lostOut: 0,
      namedIn: 0,
      complaintIn: 0,
      complaintOut: 0,
    };
    const scope = {
      engines: ['assistant-a'],
      countries: [{ country: 'US' }, { country: 'GB' }],
      days: range(D - 6, D + 17),
    };
    for (const { plain, scripted } of pairs(scope, events)) {
      const isIn = inside(events[0]!, scripted.input.day);
      if (!isIn) expect(scripted.markdown).toBe(plain.markdown);
      const p = plannedOf(scripted, 'Veloxa');
      if (!p) continue;
      const keys = p.positives.map((a) => a.key);
      if (isIn) seen.namedIn++;
      if (keys.includes(gained.key)) seen[isIn ? 'gainedIn' : 'gainedOut']++;
      if (keys.includes(lost.key)) seen[isIn ? 'lostIn' : 'lostOut']++;
      // A drawback is written where the unit lists drawbacks (list items, table rows, cautions).
      if (p.negatives.includes(complaint) && written(scripted).includes(complaint.key))
        seen[isIn ? 'complaintIn' : 'complaintOut']++;
    }
    expect(seen.gainedOut).toBe(0);
    expect(seen.lostIn).toBe(0);
    expect(seen.gainedIn).toBeGreaterThan(seen.namedIn / 2);
    expect(seen.lostOut).toBeGreaterThan(0);
    expect(seen.complaintOut).toBe(0);
    expect(seen.complaintIn).toBeGreaterThan(seen.namedIn / 4);
  });
});

describe('the scheduled positioning events', () => {
  const weeks = range(2900, 2960);
  const all = weeks.flatMap((w) => scheduledPositioningEvents(1, 'running-shoes', SHOES, w));

  it('start in their week and last as documented, drawn from the catalog', () => {
    const lengths: Record<string, [number, number]> = {
      sour: [7, 7],
      'top-pick': [4, 8],
      'attribute-gain': [10, 14],
      'attribute-loss': [10, 14],
    };
    for (const w of weeks)
      for (const e of scheduledPositioningEvents(1, 'running-shoes', SHOES, w)) {
        expect(Math.floor(e.fromDay / 7)).toBe(w);
        const [lo, hi] = lengths[e.kind]!;
        expect(e.toDay - e.fromDay + 1).toBeGreaterThanOrEqual(lo);
        expect(e.toDay - e.fromDay + 1).toBeLessThanOrEqual(hi);
        expect(SHOES).toContain(e.brand);
      }
    const kinds = new Set(all.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['attribute-gain', 'attribute-loss', 'sour', 'top-pick']);
    const topPicks = all.filter((e) => e.kind === 'top-pick');
    const onA = topPicks.filter((e) => e.engine === 'assistant-a').length;
    expect(onA).toBeGreaterThan(topPicks.length / 4);
    expect(onA).toBeLessThan(topPicks.length);
  });

  it('are listed by day and by period consistently', () => {
    for (const day of range(20_300, 20_420)) {
      const on = positioningEventsOn(1, 'running-shoes', SHOES, day);
      const between = positioningEventsBetween(1, 'running-shoes', SHOES, day, day);
      expect(on.length).toBe(between.length);
      for (const e of on) expect(between).toContainEqual(e);
      for (const e of all) if (inside(e, day)) expect(on).toContainEqual(e);
    }
  });

  it('a scheduled sour event cautions its brand in its country on its days; the days before, far less', () => {
    const event = all.find((e) => e.kind === 'sour' && ['US', 'DE', 'FR', 'JP', 'GB'].includes(e.country!))!;
    const share = (days: number[], country: string): { named: number; cautioned: number } => {
      let named = 0;
      let cautioned = 0;
      for (const day of days)
        for (const engine of ['assistant-a', 'assistant-b', 'search-ai'])
          for (const prompt of PROMPTS) {
            const p = plannedOf(answer({ engine, prompt, country, day }), event.brand);
            if (!p) continue;
            named++;
            if (p.status === 'cautioned') cautioned++;
          }
      return { named, cautioned };
    };
    const during = share(range(event.fromDay, event.toDay), event.country!);
    expect(during.named).toBeGreaterThan(0);
    expect(during.cautioned).toBe(during.named);
    const before = share(range(event.fromDay - 14, event.fromDay - 8), event.country!);
    expect(before.cautioned).toBeLessThan(before.named / 2);
  });
});
