import { describe, expect, it } from 'vitest';
import { DEMO_MONITORS, demoBrands, demoEventsBetween } from '../../../src/core/demo';
import { demoSpec } from '../../../src/core/demo/plan';
import { buildEngineRequest } from '../../../src/core/runs/engine/job-plan';
import { applyCommerceOption, withoutCommerceOption } from '../../../src/shared/domain/commerce-option';

// The demo tracks shopping and ads without changing what it asks: assistant-a's request is the
// one its options alone make (same flags, same order: the sandbox keys its answers on the
// request, so the demo's answers and visibility figures stay the same), and its events
// list has the three commerce events it scripts, dated back from its last day.

const LAST = 20_600;

describe('the demo and commerce', () => {
  it('asks assistant-a for shopping and ads with the request it always sent', () => {
    for (const variant of ['spec', 'preview'] as const) {
      const asked = demoSpec(DEMO_MONITORS[0] as (typeof DEMO_MONITORS)[number], variant);
      expect(asked.commerce).toEqual({ shoppingAndAds: true, expandProducts: false });
      const run = applyCommerceOption(asked);
      const body = (spec: typeof asked) =>
        JSON.stringify(
          buildEngineRequest(
            'assistant-a',
            'q',
            { country: 'US', state: null },
            spec.engineOptions['assistant-a'],
          ),
        );
      expect(body(run)).toBe(body(withoutCommerceOption(asked)));
      expect(body(run)).toBe(
        '{"prompt":"q","country":"US","include":{"markdown":true,"searchQueries":true,"ads":true,"shopping":true}}',
      );
      // No product expansion: search-ai is asked as before, at its base cost.
      expect(run.engineOptions['search-ai']).toBeUndefined();
    }
  });

  it('lists its scripted price cut, conquest and delisting among the events of its days', () => {
    const events = demoEventsBetween(LAST - 29, LAST, 'spec');
    const commerce = events.filter((e) => ['price-cut', 'delist', 'conquest'].includes(e.kind));
    expect(commerce).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'price-cut',
          brand: 'Veloxa',
          fromDay: LAST - 12,
          toDay: LAST,
          cut: 0.25,
        }),
        expect.objectContaining({
          kind: 'conquest',
          brand: 'Pacer & Co',
          target: 'Veloxa',
          fromDay: LAST - 8,
        }),
        expect.objectContaining({ kind: 'delist', brand: 'Fleetfoot', fromDay: LAST - 5, toDay: LAST - 2 }),
      ]),
    );
    const tracked = new Set(demoBrands().map((b) => b.name));
    for (const e of commerce) expect(tracked.has(e.target ?? e.brand), JSON.stringify(e)).toBe(true);
    // By start, with ISO dates.
    expect(events.map((e) => e.fromDay)).toEqual([...events.map((e) => e.fromDay)].sort((a, b) => a - b));
    const cut = commerce.find((e) => e.kind === 'price-cut' && e.fromDay === LAST - 12);
    expect(cut?.to).toBe(new Date(LAST * 86_400_000).toISOString().slice(0, 10));
  });
});
