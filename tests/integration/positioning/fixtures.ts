import type { HistoryStore, JobRecord } from '../../../src/core/history';
import { normalized } from '../store/helpers';

// A small history for the positioning tests: three tracked brands and answers of the shapes the
// engines write (a ranked list, pros and cons, a warning, news, a how-to, a comparison), in
// English, German and French, some naming no tracked brand, one naming Fleetfoot only by a
// name ("ZoomRun") that is not one of its aliases until a test adds it.

export const BRANDS = [
  { name: 'Veloxa', kind: 'brand' as const, aliases: ['Veloxa Run'], domains: ['veloxa.com'] },
  { name: 'Fleetfoot', kind: 'competitor' as const, aliases: [], domains: ['fleetfoot.io'] },
  { name: 'Stridex', kind: 'competitor' as const, aliases: [], domains: [] },
];

export const ANSWERS: readonly string[] = [
  '## The best running shoes of 2026\n\n1. **Veloxa Run** – our top pick: light, comfortable and durable.\n2. **Fleetfoot** – great cushioning, but expensive.\n3. **Stridex** – a budget option.',
  'Avoid Stridex: the sole wears out after a month and support is slow to answer. Veloxa is a safer choice.',
  'Fleetfoot announced a new factory in Portugal this week, the company said in a statement.',
  'To clean your shoes, remove the insoles and wash them by hand in cold water.',
  '| Brand | Pros | Cons |\n| --- | --- | --- |\n| Veloxa | lightweight, breathable | expensive |\n| Fleetfoot | durable | heavy |',
  'Die besten Laufschuhe: **Fleetfoot** ist unser Testsieger, bequem und langlebig. Veloxa ist eine gute Alternative.',
  'Choisissez Veloxa pour la course sur route ; Stridex est à éviter, trop lourd.',
  'For small teams pick Veloxa; for marathon training, ZoomRun is the one most coaches recommend.',
  'No brand is named in this answer about how to lace running shoes.',
];

/** Stores one answer per job, the i-th job getting ANSWERS[(offset + i) % length], day by day. */
export function storeAnswers(store: HistoryStore, jobs: readonly JobRecord[], at: number, offset = 0): void {
  store.ingestResults(
    jobs.map((j, i) => {
      const text = ANSWERS[(offset + i) % ANSWERS.length] as string;
      return {
        jobId: j.id,
        raw: {},
        fetchedAt: at + (i % 3) * 86_400_000,
        normalized: normalized(j.engine, text.replace(/[#*|]/g, ''), { markdown: text }),
      };
    }),
  );
}
