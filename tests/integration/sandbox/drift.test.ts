import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, DAY_MS, dayNumber, scheduledEvents } from '../../../src/sandbox/index';
import { CATEGORIES, LOCAL_STEMS } from '../../../src/sandbox/engines/catalog';
import { post, testSandbox } from './http';

// Sandbox answers move with the calendar day of the sandbox clock: deterministic per day,
// different across days, brands entering and leaving, publishers churning, and events.

const A = '/v1/monitor/assistant-a';
const B = '/v1/monitor/assistant-b';
const START = Date.UTC(2026, 2, 2, 6, 0, 0); // a Monday, 06:00 UTC
const PROMPT = 'best running shoes for beginners';
const SHOES = CATEGORIES.find((c) => c.id === 'running-shoes')!.global;
const EVERY_SHOE_BRAND = [
  ...SHOES,
  ...Object.values(LOCAL_STEMS)
    .flat()
    .map((s) => `${s} Athletics`),
];

interface Result {
  text: string;
  sources: Array<{ url: string }>;
}
/** The brands an answer recommends, in its order (every engine writes them into its text). */
const brandsOf = (r: Result): string[] =>
  EVERY_SHOE_BRAND.filter((b) => r.text.includes(b)).sort((a, b) => r.text.indexOf(a) - r.text.indexOf(b));
const hostsOf = (r: Result): string[] => r.sources.map((s) => new URL(s.url).hostname);

/** A sandbox whose clock the test sets. */
async function clockedSandbox(seed = 7): Promise<{ sb: RunningSandbox; set: (ms: number) => void }> {
  let now = START;
  const sb = await testSandbox({ available: 'all', seed, latencyMs: 0, clock: () => now });
  return { sb, set: (ms) => (now = ms) };
}

let sb: RunningSandbox;
let setClock: (ms: number) => void;
beforeAll(async () => {
  ({ sb, set: setClock } = await clockedSandbox());
});
afterAll(() => sb.close());

async function answerOn(
  day: number,
  body: Record<string, unknown>,
  path = A,
  target: { sb: RunningSandbox; set: (ms: number) => void } = { sb, set: setClock },
): Promise<Result> {
  target.set(START + day * DAY_MS);
  const res = await post(target.sb, path, body);
  expect(res.status).toBe(200);
  return res.body.result as Result;
}

describe('answers per calendar day', () => {
  it('same day, inputs and repeat index → byte-identical, on two sandboxes with the same seed', async () => {
    const body = { prompt: PROMPT, country: 'DE', include: { markdown: true } };
    const a = await clockedSandbox();
    const b = await clockedSandbox();
    try {
      for (const day of [0, 17]) {
        a.set(START + day * DAY_MS + 1_000);
        b.set(START + day * DAY_MS + 9 * 3_600_000); // later the same UTC day
        const first = await post(a.sb, A, body);
        const other = await post(b.sb, A, body);
        expect(other.text).toBe(first.text);
        // The second call of the day is repeat 1: a little different, same on both sandboxes.
        const againA = await post(a.sb, A, body);
        const againB = await post(b.sb, A, body);
        expect(againB.text).toBe(againA.text);
        expect(againA.text).not.toBe(first.text);
        // The same brands, except that a borderline last pick may trade places with the next.
        const again = brandsOf(againA.body.result);
        const once = brandsOf(first.body.result);
        expect(again).toHaveLength(once.length);
        expect(again.slice(0, -1)).toEqual(once.slice(0, -1));
      }
      // A different seed gives a different history.
      const c = await clockedSandbox(8);
      try {
        c.set(START);
        expect((await post(c.sb, A, body)).text).not.toBe((await post(a.sb, A, body)).text);
      } finally {
        await c.sb.close();
      }
    } finally {
      await a.sb.close();
      await b.sb.close();
    }
  });

  it('repeats of one day cite other publishers, the same ones per repeat index on any sandbox', async () => {
    const a = await clockedSandbox();
    const b = await clockedSandbox();
    try {
      let differing = 0;
      const prompts = [
        PROMPT,
        'best trail running shoes',
        'running shoes for wide feet',
        'best marathon racing shoes',
      ];
      for (const prompt of prompts) {
        for (const country of ['US', 'DE', 'JP']) {
          const body = { prompt, country };
          const hostsA: string[][] = [];
          const hostsB: string[][] = [];
          for (let repeat = 0; repeat < 3; repeat++) {
            hostsA.push(hostsOf((await post(a.sb, A, body)).body.result as Result));
            hostsB.push(hostsOf((await post(b.sb, A, body)).body.result as Result));
          }
          expect(hostsB).toEqual(hostsA);
          const sets = hostsA.map((h) => [...new Set(h)].sort().join('|'));
          if (new Set(sets).size > 1) differing++;
          // Mostly the same publishers: a repeat swaps one, it does not start over.
          const shared = hostsA[1]!.filter((h) => hostsA[0]!.includes(h)).length;
          expect(shared, `${prompt} ${country}`).toBeGreaterThanOrEqual(3);
        }
      }
      expect(differing).toBe(prompts.length * 3);
    } finally {
      await a.sb.close();
      await b.sb.close();
    }
  });

  it('the repeat counter starts again each day', async () => {
    const body = { prompt: 'best running shoes for wide feet', country: 'FR' };
    const a = await clockedSandbox();
    try {
      a.set(START + 3 * DAY_MS);
      const dayThreeFirst = (await post(a.sb, A, body)).text;
      await post(a.sb, A, body);
      a.set(START + 4 * DAY_MS);
      await post(a.sb, A, body);
      a.set(START + 3 * DAY_MS + 60_000);
      // Back on day 3 after two calls there: this is repeat 2, not the first answer again.
      expect((await post(a.sb, A, body)).text).not.toBe(dayThreeFirst);
      const fresh = await clockedSandbox();
      try {
        fresh.set(START + 3 * DAY_MS);
        expect((await post(fresh.sb, A, body)).text).toBe(dayThreeFirst);
      } finally {
        await fresh.sb.close();
      }
    } finally {
      await a.sb.close();
    }
  });

  it('different days → ranks and cited sources differ', async () => {
    const body = { prompt: PROMPT, country: 'US' };
    const days = [0, 7, 14, 21, 28];
    const answers: Result[] = [];
    for (const d of days) answers.push(await answerOn(d, body));
    const rankings = new Set(answers.map((r) => brandsOf(r).join('|')));
    const sourceSets = new Set(answers.map((r) => r.sources.map((s) => s.url).join('|')));
    expect(rankings.size).toBeGreaterThan(2);
    expect(sourceSets.size).toBe(days.length);
    // Publishers rotate in and out, not only the article URLs.
    const hosts = new Set(answers.flatMap(hostsOf));
    const everyDay = [...hosts].filter((h) => answers.every((r) => hostsOf(r).includes(h)));
    expect(everyDay.length).toBeLessThan(hosts.size);
  });

  it('ranks drift smoothly: consecutive days differ less than days a month apart', async () => {
    const body = { prompt: PROMPT, country: 'GB' };
    const overlap = (a: string[], b: string[]): number => a.filter((x) => b.includes(x)).length;
    let near = 0;
    let far = 0;
    for (let d = 0; d < 40; d += 4) {
      const today = brandsOf(await answerOn(d, body));
      const tomorrow = brandsOf(await answerOn(d + 1, body));
      const month = brandsOf(await answerOn(d + 30, body));
      near += overlap(today, tomorrow);
      far += overlap(today, month);
    }
    expect(near).toBeGreaterThan(far);
  });

  it('over 60 days a brand enters and drops out of the answers', async () => {
    const body = { prompt: PROMPT, country: 'US' };
    const presence = new Map<string, boolean[]>(SHOES.map((b) => [b, []]));
    for (let d = 0; d < 60; d++) {
      const named = brandsOf(await answerOn(d, body, B));
      for (const b of SHOES) presence.get(b)!.push(named.includes(b));
    }
    const changing = SHOES.filter((b) => {
      const days = presence.get(b)!;
      return days.some(Boolean) && days.some((x) => !x);
    });
    expect(changing.length).toBeGreaterThanOrEqual(2);
    // Not a daily coin flip: presence changes state on a minority of days.
    for (const b of changing) {
      const days = presence.get(b)!;
      const flips = days.slice(1).filter((x, i) => x !== days[i]).length;
      expect(flips, b).toBeLessThan(20);
    }
  });
});

describe('events', () => {
  it('a scheduled surge puts its brand first in its country for its week, not elsewhere or before', async () => {
    const startDay = dayNumber(START);
    const surge = Array.from({ length: 20 }, (_, i) =>
      scheduledEvents(7, 'running-shoes', SHOES, Math.floor(startDay / 7) + i),
    )
      .flat()
      .find((e) => e.kind === 'surge' && ['US', 'GB', 'DE', 'FR', 'JP'].includes(e.country!));
    expect(surge).toBeDefined();
    const { brand, country, fromDay, toDay } = surge!;
    const other = ['US', 'GB', 'DE', 'FR', 'JP'].find((c) => c !== country)!;
    const first = async (day: number, where: string, path: string): Promise<boolean> =>
      brandsOf(await answerOn(day - startDay, { prompt: PROMPT, country: where }, path))[0] === brand;
    for (let day = fromDay; day <= toDay; day++) {
      expect(await first(day, country!, A), `day ${day} ${country}`).toBe(true);
      expect(await first(day, country!, B), `day ${day} ${country} (assistant-b)`).toBe(true);
    }
    const elsewhere: boolean[] = [];
    for (let day = fromDay; day <= toDay; day++) elsewhere.push(await first(day, other, A));
    const before: boolean[] = [];
    for (let day = fromDay - 14; day < fromDay - 7; day++) before.push(await first(day, country!, A));
    expect(elsewhere.filter(Boolean).length).toBeLessThan(elsewhere.length);
    expect(before.filter(Boolean).length).toBeLessThan(before.length);
  });

  it('a scripted vanish removes the brand from one engine for its days only', async () => {
    const startDay = dayNumber(START);
    const body = { prompt: PROMPT, country: 'US' };
    // Pick a brand the engine names on day 10 without events, then script it away on days 10-12.
    const plain = brandsOf(await answerOn(10, body, B));
    const brand = plain.find((b) => SHOES.includes(b))!;
    expect(brand).toBeDefined();
    let now = START;
    const scripted = await testSandbox({
      available: 'all',
      seed: 7,
      latencyMs: 0,
      clock: () => now,
      driftEvents: [
        { kind: 'vanish', brand, engine: 'assistant-b', fromDay: startDay + 10, toDay: startDay + 12 },
      ],
    });
    const target = { sb: scripted, set: (ms: number) => (now = ms) };
    try {
      for (const d of [10, 11, 12]) expect(brandsOf(await answerOn(d, body, B, target))).not.toContain(brand);
      // The other engine, and the same engine the day after, are untouched.
      expect(brandsOf(await answerOn(10, body, A, target))).toEqual(brandsOf(await answerOn(10, body, A)));
      expect(brandsOf(await answerOn(13, body, B, target))).toEqual(brandsOf(await answerOn(13, body, B)));
    } finally {
      await scripted.close();
    }
  });
});
