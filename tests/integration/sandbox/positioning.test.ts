import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import type { BrandPositioning } from '../../../src/shared/positioning/types';
import {
  DAY_MS,
  dayNumber,
  recoverSandboxPositioning,
  type RunningSandbox,
} from '../../../src/sandbox/index';
import { post, testSandbox } from './http';

// Over real HTTP: the engines' answers carry the positioning the sandbox wrote in their text,
// and only there (never as JSON fields, as the real service would not), readable back from
// the text or the Markdown alike; scripted positioning events reach the answers through the
// sandbox's options.

const START = Date.UTC(2026, 4, 4, 6, 0, 0);
const BRANDS: BrandDefinition[] = [
  'Veloxa',
  'Fleetfoot',
  'Norrun',
  'Cadence',
  'Stridewell',
  'Pacer & Co',
  'Trailhawk',
  'Altura',
].map((name, i) => ({ id: `b${i}`, name, kind: i === 0 ? 'brand' : 'competitor', aliases: [], domains: [] }));
const PROMPTS = [
  'best running shoes for beginners',
  'best trail running shoes',
  'how to choose running shoes',
  'running shoes news',
  'stability running shoes compared',
];

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox({ available: 'all', seed: 5, latencyMs: 0, clock: () => START });
});
afterAll(() => sb.close());

/** Positioning without offsets: what the text and the Markdown of one answer must agree on. */
const judged = (list: BrandPositioning[] | null): unknown =>
  list?.map((p) => ({
    brandId: p.brandId,
    status: p.status,
    sentiment: p.sentiment,
    attributes: p.attributes,
  }));

describe('positioning over HTTP', () => {
  it('is in the answer text of every engine with one, the same in its Markdown, and never a JSON field', async () => {
    const statuses = new Set<string>();
    for (const [path, body] of [
      ['/v1/monitor/assistant-a', { include: { markdown: true } }],
      ['/v1/monitor/assistant-b', { include: { markdown: true } }],
      ['/v1/monitor/assistant-c', { include: { markdown: true } }],
      ['/v1/monitor/assistant-d', { include: { markdown: true } }],
      ['/v1/monitor/assistant-e', { include: { markdown: true } }],
      ['/v1/monitor/search-ai', { include: { markdown: true } }],
    ] as const) {
      for (const prompt of PROMPTS)
        for (const country of ['US', 'DE', 'JP']) {
          const res = await post(sb, path, { prompt, country, ...body });
          expect(res.status).toBe(200);
          const result = res.body.result as { text: string; markdown: string };
          const fromText = recoverSandboxPositioning(result.text, BRANDS);
          const fromMarkdown = recoverSandboxPositioning(result.markdown, BRANDS);
          expect(fromText, `${path} ${prompt} ${country}`).not.toBeNull();
          expect(judged(fromMarkdown)).toEqual(judged(fromText));
          for (const p of fromText ?? []) {
            statuses.add(p.status);
            for (const e of p.evidence) expect(result.text.slice(e.start, e.end)).toBe(e.text);
          }
          for (const field of ['"positioning"', '"sentiment"', '"slots"', '"evidence"', '"plan"'])
            expect(res.text.includes(field), `${path} has ${field}`).toBe(false);
        }
    }
    expect([...statuses].sort()).toEqual(['cautioned', 'mentioned', 'recommended', 'top']);
  });

  it('the search engine’s AI overview is readable too; news results have no answer text', async () => {
    const res = await post(sb, '/v1/monitor/search', {
      query: 'best running shoes',
      country: 'FR',
      include: { aioverview: { markdown: true } },
    });
    const overview = res.body.result.aioverview as { text: string; markdown: string };
    expect(recoverSandboxPositioning(overview.text, BRANDS)).not.toBeNull();
    expect(judged(recoverSandboxPositioning(overview.markdown, BRANDS))).toEqual(
      judged(recoverSandboxPositioning(overview.text, BRANDS)),
    );
  });

  it('a scripted sour event cautions its brand in its country on its day, and leaves other countries as they were', async () => {
    const day = dayNumber(START);
    const plain = await testSandbox({ available: 'all', seed: 5, latencyMs: 0, clock: () => START });
    // Find a brand the answers name in Germany that day, then sour it there.
    const named = new Map<string, number>();
    for (const prompt of PROMPTS) {
      const r = await post(plain, '/v1/monitor/assistant-a', { prompt, country: 'DE' });
      for (const p of recoverSandboxPositioning(r.body.result.text, BRANDS) ?? [])
        named.set(p.brandId, (named.get(p.brandId) ?? 0) + 1);
    }
    const [brandId] = [...named].sort((a, b) => b[1] - a[1])[0]!;
    const brand = BRANDS.find((b) => b.id === brandId)!.name;
    const soured = await testSandbox({
      available: 'all',
      seed: 5,
      latencyMs: 0,
      clock: () => START,
      positioningEvents: [{ kind: 'sour', brand, country: 'DE', fromDay: day, toDay: day }],
    });
    try {
      let cautioned = 0;
      for (const prompt of PROMPTS) {
        const de = await post(soured, '/v1/monitor/assistant-a', { prompt, country: 'DE' });
        for (const p of recoverSandboxPositioning(de.body.result.text, BRANDS) ?? [])
          if (p.brandId === brandId) {
            expect(p.status).toBe('cautioned');
            expect(p.sentiment.label).toBe('negative');
            cautioned++;
          }
        const us = await post(soured, '/v1/monitor/assistant-a', { prompt, country: 'US' });
        const usPlain = await post(plain, '/v1/monitor/assistant-a', { prompt, country: 'US' });
        expect(us.text).toBe(usPlain.text);
      }
      expect(cautioned).toBe(named.get(brandId));
      // The day after, it is over: the answers are the plain sandbox's.
      const after = START + DAY_MS;
      const later = await testSandbox({
        available: 'all',
        seed: 5,
        latencyMs: 0,
        clock: () => after,
        positioningEvents: [{ kind: 'sour', brand, country: 'DE', fromDay: day, toDay: day }],
      });
      const laterPlain = await testSandbox({ available: 'all', seed: 5, latencyMs: 0, clock: () => after });
      try {
        const body = { prompt: PROMPTS[0], country: 'DE' };
        expect((await post(later, '/v1/monitor/assistant-a', body)).text).toBe(
          (await post(laterPlain, '/v1/monitor/assistant-a', body)).text,
        );
      } finally {
        await later.close();
        await laterPlain.close();
      }
    } finally {
      await soured.close();
      await plain.close();
    }
  });
});
