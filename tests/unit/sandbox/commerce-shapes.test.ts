import { describe, expect, it } from 'vitest';
import type { EngineName } from '../../../src/shared/api/engines';
import type { MonitorRequest } from '../../../src/shared/api/requests';
import { priceOfField } from '../../../src/shared/commerce';
import { buildAnswer } from '../../../src/sandbox/engines/answer';
import { commerceOf, type PrintedPrice } from '../../../src/sandbox/engines/commerce';
import { DAY_MS } from '../../../src/sandbox/engines/drift';
import { FileStore } from '../../../src/sandbox/engines/files';
import { SyntheticEngines } from '../../../src/sandbox/engines';
import { localeOf } from '../../../src/sandbox/engines/locales';

// The sandbox's commerce in every engine's own shape: each price field, read back with the shared
// parser for the country it was asked from, gives the amount and ISO currency the sandbox meant
// (an instalment: no amount), in each country's format. The ground truth is the answer's shelf
// (commerce/shelf.ts), built from the same inputs the engine saw.

const SEED = 11;
const DAY = 20_400;
const NOW = DAY * DAY_MS + 3_600_000;
const PROMPT = 'best running shoes';
const COUNTRIES = ['US', 'DE', 'FR', 'JP', 'BR', 'GB', 'IN', 'IT', 'ES', 'MX', 'CA', 'CH'];

type Json = Record<string, unknown>;

function engines(): SyntheticEngines {
  return new SyntheticEngines(
    () => SEED,
    {
      files: new FileStore(
        () => 'http://127.0.0.1:1',
        () => NOW,
      ),
    },
    () => NOW,
  );
}

function requestOf(engine: EngineName, country: string): MonitorRequest {
  if (engine === 'search') return { query: PROMPT, country } as MonitorRequest;
  if (engine === 'assistant-a')
    return { prompt: PROMPT, country, include: { shopping: true, ads: true } } as MonitorRequest;
  if (engine === 'search-ai')
    return { prompt: PROMPT, country, include: { expandProducts: true } } as MonitorRequest;
  return { prompt: PROMPT, country } as MonitorRequest;
}

/** The shelf the engine's answer was built on (what the first identical call of the day sees). */
function shelfOf(engine: EngineName, country: string) {
  return commerceOf(
    buildAnswer({
      engine,
      prompt: PROMPT,
      country,
      optionsKey: JSON.stringify(requestOf(engine, country)),
      seed: SEED,
      repeat: 0,
      day: DAY,
    }),
  );
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** Every (position, price field, which price) an engine's result carries. */
function priceFields(
  engine: EngineName,
  result: Json,
): Array<{ position: number; field: unknown; offer: number | null }> {
  const out: Array<{ position: number; field: unknown; offer: number | null }> = [];
  const cards = (key: string): Json[] =>
    list(result[key]).flatMap((c) => ('products' in c ? list(c.products) : [c]));
  if (engine === 'assistant-a') {
    for (const p of cards('shoppingCards')) {
      out.push({ position: p.position as number, field: p.price, offer: null });
      list(p.offers).forEach((o, i) =>
        out.push({ position: p.position as number, field: o.price, offer: i }),
      );
    }
  } else if (engine === 'assistant-b') {
    for (const p of cards('shopping_cards'))
      out.push({ position: p.position as number, field: p.price, offer: null });
  } else {
    for (const p of cards('shoppingCards'))
      out.push({ position: p.position as number, field: p.price, offer: null });
    for (const p of list(result.inlineProducts))
      out.push({ position: p.position as number, field: p.price, offer: null });
    list(result.productResults).forEach((r, i) =>
      list(r.stores).forEach((s, j) => out.push({ position: i + 1, field: s.price, offer: j })),
    );
  }
  return out;
}

const ENGINES: EngineName[] = [
  'assistant-a',
  'assistant-b',
  'assistant-d',
  'assistant-e',
  'search',
  'search-ai',
];

describe("the sandbox's commerce, per engine and country", () => {
  for (const engine of ENGINES)
    it(`${engine}: every price reads back as the amount and currency meant`, () => {
      const sandbox = engines();
      let checked = 0;
      const raws = new Set<string>();
      for (const country of COUNTRIES) {
        const { result } = sandbox.run(engine, requestOf(engine, country));
        const shelf = shelfOf(engine, country);
        const fields = priceFields(engine, result);
        expect(fields.length, country).toBeGreaterThanOrEqual(shelf.products.length);
        for (const f of fields) {
          const product = shelf.products[f.position - 1];
          expect(product, `${country} #${f.position}`).toBeDefined();
          const meant: PrintedPrice = f.offer === null ? product!.price : product!.offers[f.offer]!.price;
          const read = priceOfField(f.field, country);
          // assistant-d sends the amount as a number: what is paid, whatever the shop prints.
          const amount = engine === 'assistant-d' ? meant.value : meant.amount;
          expect(read?.amount, `${country} ${JSON.stringify(f.field)}`).toBe(amount);
          expect(read?.currency, `${country} ${JSON.stringify(f.field)}`).toBe(localeOf(country).currency);
          raws.add(meant.raw);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(COUNTRIES.length * 3);
      // Each market's own format, not one format converted.
      const all = [...raws].join(' ');
      expect(all).toMatch(/\$\d{2,3}\.\d{2}/);
      expect(all).toMatch(/\d+,\d{2}\s€/);
      expect(all).toMatch(/R\$\s\d/);
      expect(all).toMatch(/[¥￥][\d,]+/);
      expect(all).toMatch(/₹[\d,]+\.\d{2}/);
    });

  it('prints starting prices, ranges and instalments, and reads an instalment as no amount', () => {
    const styles = new Map<string, string>();
    for (const country of COUNTRIES)
      for (const engine of ENGINES)
        for (const p of shelfOf(engine, country).products) styles.set(p.price.style, p.price.raw);
    expect([...styles.keys()].sort()).toEqual(['from', 'installment', 'plain', 'range']);
    expect(styles.get('from')).toMatch(/^(from|ab|à partir de|desde|da|a partir de) /);
    expect(priceOfField(styles.get('installment'), 'BR')?.amount ?? null).toBeNull();
  });

  it('assistant-a shows shopping and ads only when asked; the others show theirs unasked', () => {
    const sandbox = engines();
    const bare = sandbox.run('assistant-a', { prompt: PROMPT, country: 'US' } as MonitorRequest).result;
    expect(bare.shoppingCards).toBeUndefined();
    expect(bare.inlineProducts).toBeUndefined();
    expect(bare.ads).toBeUndefined();
    const adsOnly = sandbox.run('assistant-a', {
      prompt: PROMPT,
      country: 'US',
      include: { ads: true },
    } as MonitorRequest).result;
    expect(adsOnly.shoppingCards).toBeUndefined();
    expect(Array.isArray(adsOnly.ads)).toBe(true);
    const b = sandbox.run('assistant-b', { prompt: PROMPT, country: 'US' } as MonitorRequest).result;
    expect(list(b.shopping_cards).length).toBeGreaterThan(0);
    // snake_case where the engine uses it, a string of reviews on web search.
    const a = sandbox.run('assistant-a', requestOf('assistant-a', 'DE')).result;
    const product = list(list(a.shoppingCards)[0]?.products)[0] as Json;
    expect(Object.keys(product)).toEqual(
      expect.arrayContaining(['featured_tag', 'image_urls', 'num_reviews']),
    );
    expect(Object.keys(list(product.offers)[0] as Json)).toEqual(expect.arrayContaining(['merchant_name']));
    const s = sandbox.run('search', requestOf('search', 'US')).result;
    expect(typeof (list(s.shoppingCards)[0] as Json).reviews).toBe('string');
  });

  it('ads come from brands the answer names, brands it does not, and shops, in blocks', () => {
    const sandbox = engines();
    const kinds = new Set<string>();
    const blocks = new Set<string>();
    const prompts = [
      'best running shoes',
      'running shoes for wide feet',
      'best trail running shoes',
      'best marathon racing shoes',
    ];
    for (const country of COUNTRIES)
      for (const prompt of prompts) {
        const answer = buildAnswer({
          engine: 'search',
          prompt,
          country,
          optionsKey: JSON.stringify({ query: prompt, country }),
          seed: SEED,
          repeat: 0,
          day: DAY,
        });
        const named = new Set(answer.brands.map((b) => b.name));
        for (const ad of commerceOf(answer).ads)
          kinds.add(ad.kind === 'retailer' ? 'retailer' : named.has(ad.advertiser) ? 'named' : 'unnamed');
        const result = sandbox.run('search', { query: prompt, country } as MonitorRequest).result;
        for (const ad of list(result.ads)) blocks.add(`${String(ad.blockPosition)}/${String(ad.type)}`);
      }
    expect([...kinds].sort()).toEqual(['named', 'retailer', 'unnamed']);
    expect(blocks).toContain('top/RESULT');
    expect([...blocks].some((b) => b.endsWith('/SHOPPING_CARD'))).toBe(true);
    expect([...blocks].some((b) => !b.startsWith('top/'))).toBe(true);
  });
});
