import type { DemoStatusView } from '../../shared/ipc/channels/demo';
import type { HistoryStore, DemoDeleted } from '../history';
import { DEMO_META_KEY, readDemoRecord } from './record';

// Reading and deleting the demo history of an open history file.

/** Whether the file holds a demo, and its runs and results as they are now. */
export function demoStatus(store: HistoryStore, building = false): DemoStatusView {
  const record = readDemoRecord(store);
  if (!record) return { present: false, building, days: null, builtAt: null, runs: 0, results: 0 };
  let runs = 0;
  let results = 0;
  for (const runId of record.runIds) {
    if (!store.getRun(runId)) continue;
    runs += 1;
    results += store.countJobs(runId).counts.succeeded;
  }
  return {
    present: true,
    building,
    days: record.days,
    firstDay: isoDay(record.firstDay),
    lastDay: isoDay(record.lastDay),
    builtAt: record.builtAt,
    runs,
    results,
    variant: record.variant ?? 'spec',
  };
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Deletes every demo run, monitor and brand in one transaction; null when there is no demo. */
export function deleteDemo(store: HistoryStore): DemoDeleted | null {
  const record = readDemoRecord(store);
  if (!record) return null;
  return store.deleteDemoHistory(
    { runIds: record.runIds, monitorIds: record.monitorIds, brandIds: record.brandIds },
    DEMO_META_KEY,
  );
}
