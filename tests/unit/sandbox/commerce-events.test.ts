import { describe, expect, it } from 'vitest';
import { buildAnswer, type AnswerInput } from '../../../src/sandbox/engines/answer';
import { commerceEventsBetween, commerceOf, type CommerceEvent } from '../../../src/sandbox/engines/commerce';
import { CATEGORIES } from '../../../src/sandbox/engines/catalog';

// How the sandbox's shelves and ads move: byte for byte the same for the same seed, day and
// inputs, drifting from day to day, and the scripted events doing what they say on the days
// they are on (and nothing on the others): a price cut, a product leaving the shelf, a brand's
// ads beside the answers that name its rival.

const SEED = 5;
const DAY = 20_500;
const input = (over: Partial<AnswerInput> = {}): AnswerInput => ({
  engine: 'assistant-e',
  prompt: 'best running shoes',
  country: 'US',
  optionsKey: '{}',
  seed: SEED,
  repeat: 0,
  day: DAY,
  ...over,
});
const shelf = (over: Partial<AnswerInput> = {}) => commerceOf(buildAnswer(input(over)));

describe("the sandbox's commerce over time", () => {
  it('is the same for the same inputs and day, and drifts from day to day', () => {
    expect(JSON.stringify(shelf())).toBe(JSON.stringify(shelf()));
    const prices = (day: number) => shelf({ day }).products.map((p) => `${p.brand} ${p.price.value}`);
    const days = [DAY, DAY + 1, DAY + 2, DAY + 3].map(prices);
    expect(new Set(days.map((d) => d.join())).size).toBeGreaterThan(1);
  });

  it('a price cut takes its share off the brand’s product while it is on, and shows the old price', () => {
    const before = shelf().products[0];
    expect(before).toBeDefined();
    const brand = before!.brand;
    const cut: CommerceEvent = { kind: 'price-cut', brand, cut: 0.25, fromDay: DAY, toDay: DAY + 3 };
    const during = shelf({ commerceEvents: [cut] }).products.find((p) => p.brand === brand);
    // 25 % off the price before the cut, give or take the shop's rounding to .99.
    const full = before!.oldPrice?.value ?? before!.price.value;
    expect(Math.abs((during?.price.value ?? 0) - full * 0.75)).toBeLessThan(1.01);
    expect(during?.oldPrice?.value).toBeGreaterThan(during?.price.value ?? Infinity);
    const after = shelf({ day: DAY + 4, commerceEvents: [cut] });
    const undisturbed = shelf({ day: DAY + 4 });
    expect(JSON.stringify(after)).toBe(JSON.stringify(undisturbed));
  });

  it('a delisted product leaves every shelf while the event is on', () => {
    const brand = shelf().products[1]?.brand as string;
    const delist: CommerceEvent = { kind: 'delist', brand, fromDay: DAY, toDay: DAY + 1 };
    for (const engine of ['assistant-a', 'assistant-e', 'search'])
      for (const country of ['US', 'DE', 'JP']) {
        const brands = shelf({ engine, country, commerceEvents: [delist] }).products.map((p) => p.brand);
        expect(brands, `${engine} ${country}`).not.toContain(brand);
        expect(brands.length).toBeGreaterThanOrEqual(4);
      }
  });

  it('a conquest puts the advertiser’s ad first beside the answers that name its rival, not elsewhere', () => {
    const answer = buildAnswer(input());
    const target = answer.brands[0]?.name as string;
    const rival = answer.category.global.find((b) => b !== target) as string;
    const conquest: CommerceEvent = { kind: 'conquest', brand: rival, target, fromDay: DAY, toDay: DAY };
    const ads = shelf({ commerceEvents: [conquest] }).ads;
    expect(ads[0]).toMatchObject({ advertiser: rival, conquest: true, block: 'top', kind: 'brand' });
    // A prompt in another category never names the target: no conquest there.
    const other = shelf({ prompt: 'best crm software', commerceEvents: [conquest] }).ads;
    expect(other.some((a) => a.conquest)).toBe(false);
  });

  it('schedules every kind over a quarter, each lasting its days', () => {
    const shoes = CATEGORIES.find((c) => c.id === 'running-shoes');
    const events = commerceEventsBetween(SEED, 'running-shoes', shoes?.global ?? [], DAY, DAY + 90);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['price-cut', 'delist', 'conquest']));
    for (const e of events) {
      expect(e.toDay).toBeGreaterThanOrEqual(e.fromDay);
      expect(e.toDay - e.fromDay).toBeLessThan(14);
      if (e.kind === 'conquest') expect(e.target).not.toBe(e.brand);
    }
  });
});
