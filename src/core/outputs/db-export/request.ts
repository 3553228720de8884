import type { VisibilityPeriod } from '../../../shared/visibility/types';
import { readDemoRecord } from '../../demo';
import type { HistoryStore } from '../../history';
import { resolvePeriod } from '../../analysis';
import type { DbExportFilter } from './types';

// What the CLI and the app's handler both need to ask for an export: the filter from a period
// (whole UTC days, as the Visibility view counts them) and a monitor, and the history's facts the
// export labels rows with (engine labels, the demo's runs).

export function dbExportFilter(
  input: { period?: VisibilityPeriod | null; monitorId?: string | null },
  now: number,
): DbExportFilter {
  const days = input.period ? resolvePeriod(input.period, now) : null;
  return {
    ...(days ? { fromDay: days.fromDay, toDay: days.toDay } : {}),
    ...(input.monitorId ? { monitorId: input.monitorId } : {}),
  };
}

/** Each engine's label in the service profile in use: the one lookup every printed engine uses. */
export { engineLabelsOf } from '../../../shared/profile';

/** The demo history's runs, if the history holds one. */
export const demoRunIdsOf = (store: Pick<HistoryStore, 'getMeta' | 'setMeta'>): string[] =>
  readDemoRecord(store)?.runIds ?? [];
