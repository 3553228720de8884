import type { HistoryStore } from '../../src/core/history';
import { demoFactSheet } from '../../src/core/demo';
import { buildAnswer, type Answer } from '../../src/sandbox/engines/answer';
import { normalizeResult } from '../../src/shared/api/normalize';
import { newRun } from '../integration/store/helpers';

// A facts history from the sandbox's own answers: prompts about Veloxa asked on two days, the
// sandbox's engines stating its facts true most of the time and wrong in their scripted ways,
// ingested through the store (so the built-in checker reads them at ingest) against Veloxa's
// sheet as true on the later day. The days are picked so that only the price goes wrong between
// them: the earlier day sits late in a price cycle with the later day's price (no stale quotes),
// the later day two days after a price change (about half the answers quote the old price).
// assistant-c states Veloxa's founding year wrong on both days; assistant-a states it right.

export const DAY_MS = 86_400_000;
/** Two days after Veloxa's price changed (sandbox: 20,497), and 60 days before it. */
export const LATER_DAY = 20_499;
export const EARLIER_DAY = LATER_DAY - 60;
export const FACT_ENGINES = ['assistant-a', 'assistant-c'] as const;

/** The prompts asked each day: each its own answer (the sandbox's answers vary by prompt and day). */
export const factPrompts = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `is Veloxa worth it for runner ${i + 1}`);

export function sandboxAnswer(engine: string, prompt: string, day: number): Answer {
  return buildAnswer({ engine, prompt, country: 'US', day, repeat: 0, optionsKey: '{}', seed: 1 });
}

/** A clock the store reads, set to a day's noon before each run is made. */
export function factsClock(): { now: () => number; at: (day: number) => void } {
  let t = EARLIER_DAY * DAY_MS;
  return { now: () => (t += 1000), at: (day) => (t = day * DAY_MS + DAY_MS / 2) };
}

/** Veloxa (brand, with its sheet) and Fleetfoot (competitor, no sheet). */
export function saveFactBrands(store: HistoryStore): string {
  const veloxa = store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  store.setBrandFacts(veloxa.id, demoFactSheet('Veloxa', LATER_DAY));
  return veloxa.id;
}

/** One run of the prompts on the engines, answered by the sandbox on `day`; returns the run's id. */
export function ingestFactsRun(
  store: HistoryStore,
  clock: ReturnType<typeof factsClock>,
  day: number,
  prompts: readonly string[],
  monitorId?: string,
): string {
  clock.at(day);
  const { run, jobs } = newRun(
    store,
    { prompts: [...prompts], engines: [...FACT_ENGINES], countries: ['US'] },
    {},
    monitorId,
  );
  store.ingestResults(
    jobs.map((job) => {
      const a = sandboxAnswer(job.engine, job.prompt, day);
      const raw = { success: true, result: { text: a.text, markdown: a.markdown, sources: [] } };
      return {
        jobId: job.id,
        raw,
        fetchedAt: day * DAY_MS + DAY_MS / 2,
        normalized: normalizeResult(job.engine, raw),
      };
    }),
  );
  return run.id;
}

/** What the sandbox scripted for one engine's answers on a day: per fact, the answers stating it and those stating it wrong. */
export function scripted(
  engine: string,
  day: number,
  prompts: readonly string[],
): Map<string, { stated: number; wrong: number }> {
  const out = new Map<string, { stated: number; wrong: number }>();
  for (const prompt of prompts)
    for (const f of sandboxAnswer(engine, prompt, day).facts) {
      const sums = out.get(f.key) ?? { stated: 0, wrong: 0 };
      sums.stated++;
      if (f.verdict === 'contradicted') sums.wrong++;
      out.set(f.key, sums);
    }
  return out;
}
