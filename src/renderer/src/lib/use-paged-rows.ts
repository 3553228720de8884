import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PageCache, type PageLoader } from './page-cache';

/**
 * A page cache for a virtualized list. A new loader (new filters) starts a new cache; the
 * first page is fetched right away to learn the total.
 */
export function usePagedRows<T>(loadPage: PageLoader<T> | null, pageSize: number) {
  const cache = useMemo(() => (loadPage ? new PageCache<T>(loadPage, pageSize) : null), [loadPage, pageSize]);
  const subscribe = useMemo(() => cache?.subscribe ?? (() => () => undefined), [cache]);
  const version = useSyncExternalStore(subscribe, () => cache?.getVersion() ?? -1);
  useEffect(() => {
    cache?.ensureRange(0, 0);
  }, [cache]);
  return { cache, version, total: cache?.total ?? null, error: cache?.error ?? null };
}
