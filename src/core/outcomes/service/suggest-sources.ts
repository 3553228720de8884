import type { HistoryStore } from '../../history';
import type { SourceQuery } from '../suggest';

// Where candidate prompts come from: the imported (or pulled) Search Console and Bing queries,
// and the fan-out queries the engines ran in this history; and what is tracked already.

/** Fan-out queries read at most: the strongest, so a large history stays quick. */
const FANOUT_LIMIT = 5_000;

function fanout(store: HistoryStore, fromDay: number, toDay: number): SourceQuery[] {
  const filter = { fromDay, toDay };
  const top = store.visQueries(filter, { limit: FANOUT_LIMIT });
  const engines = new Map<number, Set<string>>();
  for (const d of store.visQueryDetails(
    filter,
    top.map((q) => q.queryId),
  )) {
    const set = engines.get(d.queryId) ?? new Set<string>();
    set.add(d.engine);
    engines.set(d.queryId, set);
  }
  return top.map((q) => ({
    source: 'fanout',
    text: q.query,
    weight: q.answers,
    answers: q.answers,
    engines: [...(engines.get(q.queryId) ?? [])],
  }));
}

export function gatherQueries(store: HistoryStore, fromDay: number, toDay: number): SourceQuery[] {
  const imported: SourceQuery[] = store.outcomeQueries({ fromDay }).map((q) =>
    q.origin === 'gsc'
      ? {
          source: 'gsc',
          text: q.query,
          weight: q.impressions ?? 0,
          impressions: q.impressions,
          clicks: q.clicks,
        }
      : {
          source: 'bing',
          text: q.query,
          weight: q.citations ?? q.impressions ?? 0,
          citations: q.citations,
          impressions: q.impressions,
          clicks: q.clicks,
        },
  );
  return [...imported, ...fanout(store, fromDay, toDay)];
}

/** The prompts the library and the monitors ask. */
export function trackedPrompts(store: HistoryStore): string[] {
  const library = store.listPrompts().map((p) => p.text);
  const monitors = store.listMonitors().flatMap((m) => m.spec.prompts);
  return [...new Set([...library, ...monitors])];
}
