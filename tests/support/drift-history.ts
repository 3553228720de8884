import type { HistoryStore } from '../../src/core/history';
import { newRun, normalized, openTemp } from '../integration/store/helpers';

// A drift history stored through the store (real ingest: the Visibility and positioning
// roll-ups written as in the app), for the findings' CLI and MCP tests: the drift of the
// engine's unit fixture (tests/unit/findings/drift-fixture.ts) as real answers. 2 engines × 2
// countries × 4 prompts a day, 2026-10-22 to 2026-11-10. Before Nov 1, on every engine and in
// every country: Veloxa in 3 of 4 answers, Fleetfoot in 1 of 4, Stridex in 2 of 4; veloxa.de
// cited in half of Germany's Assistant A answers. From Nov 1, in Germany on Assistant A only:
// Veloxa in 12 of 40 answers, Fleetfoot in 30 of 40, and veloxa.de cited until Nov 3, never after.

const DAY_MS = 86_400_000;
const FIRST = Date.parse('2026-10-22T00:00:00Z');
/** The period whose changes the tests read (the previous one is Oct 22 to Oct 31). */
export const DRIFT_PERIOD = { from: '2026-11-01', to: '2026-11-10' };

function answerOf(day: number, engine: string, country: string, j: number) {
  const after = day >= 10;
  const d = after ? day - 10 : day;
  const drifted = after && engine === 'assistant-a' && country === 'DE';
  const names: string[] = [];
  if (drifted ? j === 0 || (j === 1 && d < 2) : j < 3) names.push('Veloxa');
  if (drifted ? j >= 1 : j === 3) names.push('Fleetfoot');
  if (j % 2 === 0) names.push('Stridex');
  const citesDe = engine === 'assistant-a' && country === 'DE' && j < 2 && (!after || d < 3);
  const urls = [
    ...(citesDe ? ['https://veloxa.de/laufschuhe'] : []),
    'https://wiki.example.org/Running_shoe',
  ];
  const text = names.length ? `Running shoes people talk about: ${names.join(', ')}.` : 'No brand here.';
  return normalized(engine as 'assistant-a', text, {
    sources: urls.map((url, i) => ({
      position: i + 1,
      kind: 'cited' as const,
      url,
      domain: new URL(url).hostname,
      title: null,
      snippet: null,
      redirectLink: null,
      datePublished: null,
    })),
  });
}

function store20Days(store: HistoryStore): void {
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com', 'veloxa.de'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  store.saveBrand({ name: 'Stridex', kind: 'competitor', aliases: [], domains: [] });
  for (let day = 0; day < 20; day++) {
    const run = newRun(store, {
      prompts: ['p0', 'p1', 'p2', 'p3'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE'],
    });
    store.ingestResults(
      run.jobs.map((job) => ({
        jobId: job.id,
        raw: {},
        fetchedAt: FIRST + day * DAY_MS + 3_600_000,
        normalized: answerOf(day, job.engine, job.country, job.promptIndex),
      })),
    );
  }
}

/** Writes the drift history to a new history file at path. */
export function buildDriftHistory(path: string): void {
  const store = openTemp(path);
  try {
    store20Days(store);
  } finally {
    store.close();
  }
}
