import type { HistoryStore, VisFilter } from '../../src/core/history';

// The drill-downs `parallax changes` runs for its findings (the newest 50 answers behind each),
// on the positioning benches' history for one monitor over 45 days: a brand named in one
// engine × country (most answers), not named there (about one in six), cited (no answer of
// this history cites a brand's domain: the rarest match, which used to read every answer of
// the period), and named on one day; cited over every monitor (half a million answers); and a
// brand alone (named or cited), whose total was counted row by row (~1 s at 1M answers).

type Drill = () => { resultIds: string[]; total: number };

export function drillCases(store: HistoryStore, monitorId: string, today: number): Array<[string, Drill]> {
  const filter: VisFilter = {
    fromDay: today - 44,
    toDay: today,
    runIds: store.visMonitorRuns(monitorId) ?? [],
  };
  const brands = store.listBrands();
  const focus = (brands.find((b) => b.kind === 'brand') ?? brands[0])?.id as string;
  const rival = (brands.find((b) => b.kind === 'competitor') ?? brands[0])?.id as string;
  const cell = { engine: 'assistant-b', location: 'DE' };
  const drill =
    (spec: Parameters<HistoryStore['visDrill']>[1], scope: VisFilter = filter): Drill =>
    () =>
      store.visDrill(scope, spec, 50);
  const { runIds: _monitor, ...everyRun } = filter;
  return [
    ['focus named, one engine × country', drill({ brandId: focus, mentioned: true, ...cell })],
    ['focus not named, one engine × country', drill({ brandId: focus, mentioned: false, ...cell })],
    ['competitor cited (no answer)', drill({ brandId: rival, cited: true })],
    ['competitor named, one day', drill({ brandId: rival, mentioned: true, day: today - 3 })],
    ['competitor cited, every monitor (no answer)', drill({ brandId: rival, cited: true }, everyRun)],
    // A brand alone (named or cited): its total from the roll-ups' `present` (migration 020).
    ['focus alone (named or cited)', drill({ brandId: focus })],
    ['competitor alone, every monitor', drill({ brandId: rival }, everyRun)],
  ];
}
