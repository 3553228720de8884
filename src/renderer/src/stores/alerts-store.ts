import { create } from 'zustand';
import type { AlertFacets, AlertKind, AlertSeverity, AlertView } from '../../../shared/alerts/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

/** The Alerts view's filters ('' = any). */
export interface AlertFilters {
  monitorId: string;
  kind: AlertKind | '';
  severity: AlertSeverity | '';
  unread: boolean;
  /** Hours back from now ('' = all time). */
  sinceHours: '' | '24' | '168' | '720';
  engine: string;
  loc: string;
}

export const INITIAL_ALERT_FILTERS: AlertFilters = {
  monitorId: '',
  kind: '',
  severity: '',
  unread: false,
  sinceHours: '',
  engine: '',
  loc: '',
};

interface AlertsState {
  /** Unread alerts over the whole history (the sidebar badge); null until first read. */
  unread: number | null;
  facets: AlertFacets | null;
  filters: AlertFilters;
  /** Bumped when new alerts arrive: the list reads its pages again. */
  version: number;
  /** Alerts marked read in this session (rows show it at once, without a reload). */
  readIds: ReadonlySet<string>;
  error: ShownError | null;
  loadUnread(): Promise<void>;
  loadFacets(): Promise<void>;
  setFilters(patch: Partial<AlertFilters>): void;
  /** New alerts were stored (or read elsewhere): badge, filters and list follow. */
  onChanged(unread: number): void;
  markRead(alert: AlertView): Promise<void>;
  markAllRead(): Promise<void>;
  isRead(alert: AlertView): boolean;
}

/** The IPC filter of the view's filters (the time window counted from `now`). */
export function alertQuery(filters: AlertFilters, now: number) {
  return {
    ...(filters.monitorId ? { monitorId: filters.monitorId } : {}),
    ...(filters.kind ? { kinds: [filters.kind] } : {}),
    ...(filters.severity ? { severities: [filters.severity] } : {}),
    ...(filters.unread ? { unread: true } : {}),
    ...(filters.sinceHours ? { since: now - Number(filters.sinceHours) * 3_600_000 } : {}),
    ...(filters.engine ? { engine: filters.engine } : {}),
    ...(filters.loc ? { loc: filters.loc } : {}),
  };
}

/** Change alerts after monitor runs: the unread count, the list's filters, read marks. */
export const useAlertsStore = create<AlertsState>((set, get) => ({
  unread: null,
  facets: null,
  filters: INITIAL_ALERT_FILTERS,
  version: 0,
  readIds: new Set(),
  error: null,
  async loadUnread() {
    try {
      const { unread } = await call('alerts.unread', {});
      set({ unread });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async loadFacets() {
    try {
      set({ facets: await call('alerts.facets', {}) });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  setFilters(patch) {
    set((s) => ({ filters: { ...s.filters, ...patch } }));
  },
  onChanged(unread) {
    const before = get().unread;
    set({ unread });
    // More unread than we knew of: new alerts, so the list and the filter choices read again.
    if (before === null || unread > before) {
      set((s) => ({ version: s.version + 1 }));
      void get().loadFacets();
    }
  },
  async markRead(alert) {
    if (get().isRead(alert)) return;
    set((s) => ({ readIds: new Set([...s.readIds, alert.id]) }));
    try {
      const { unread } = await call('alerts.markRead', { ids: [alert.id] });
      set({ unread });
    } catch (error) {
      set((s) => {
        const readIds = new Set(s.readIds);
        readIds.delete(alert.id);
        return { readIds, error: toShownError(error) };
      });
    }
  },
  async markAllRead() {
    try {
      const { unread } = await call('alerts.markRead', { all: true });
      // The list reads its pages again: every row it shows comes back read.
      set((s) => ({ unread, version: s.version + 1, error: null }));
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  isRead(alert) {
    const s = get();
    return alert.readAt !== null || s.readIds.has(alert.id);
  },
}));
