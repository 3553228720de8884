import { useEffect, useState } from 'react';
import { call } from '../ipc/client';
import { runName } from './run-label';

/** Names already read, by run id: a run's name does not change while the app is open. */
const known = new Map<string, string>();
/** At most this many runs are looked up for one screen (a result set spans a few runs). */
const MAX_LOOKUPS = 30;

/**
 * What the runs of some answers are called (their names, else their first prompts), read with
 * runs.get once per run; ids not read yet (or gone) are absent from the map.
 */
export function useRunNames(runIds: readonly string[]): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map(known));
  const key = [...new Set(runIds)].sort().join(',');
  useEffect(() => {
    let live = true;
    const missing =
      key === ''
        ? []
        : key
            .split(',')
            .filter((id) => !known.has(id))
            .slice(0, MAX_LOOKUPS);
    void (async () => {
      for (const runId of missing) {
        try {
          known.set(runId, runName(await call('runs.get', { runId })));
        } catch {
          // A run deleted since: its answers keep their place and date, without its name.
        }
      }
      if (live && missing.length > 0) setNames(new Map(known));
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return names;
}
