import type { RescoreStatus } from '../../../shared/positioning/view-types';
import type { HistoryStore } from '../../history';
import { progressOf, summaryOf } from './rescore-view';

/** The re-score's state as the views show it; `running`: a re-score runs in this process. */
export function rescoreStatus(store: HistoryStore, running: boolean): RescoreStatus {
  const { job, last } = store.posRescoreState();
  const names = new Map(store.listBrands().map((b) => [b.id, b.name]));
  return {
    running,
    job: job === null ? null : progressOf(job),
    last: last === null ? null : summaryOf(last, (id) => names.get(id) ?? id),
  };
}
