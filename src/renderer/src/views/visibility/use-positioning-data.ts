import { useEffect } from 'react';
import { subscribe } from '../../ipc/client';
import { usePositioningStore } from '../../stores/positioning-store';
import { queryOf, useVisibilityStore } from '../../stores/visibility-store';

/**
 * The positioning numbers follow the Visibility view: read once on mount, then at each of the
 * view's refreshes (new filters, Refresh, a finished run, changed history), for its filters
 * (period, scope, engines, locations, focus brand); a re-score's events move its progress
 * line, and its end reads the numbers again.
 */
export function usePositioningData(): void {
  const load = usePositioningStore((s) => s.load);
  const onRescore = usePositioningStore((s) => s.onRescore);
  useEffect(() => {
    void load(queryOf(useVisibilityStore.getState().filters));
    return useVisibilityStore.subscribe((s, prev) => {
      if (s.refreshes !== prev.refreshes) void load(queryOf(s.filters));
    });
  }, [load]);
  useEffect(() => subscribe('positioning.rescore', onRescore), [onRescore]);
}
