import { create } from 'zustand';
import type { DiscoveryKind } from '../../../shared/analytics/discovery-kind';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../../shared/analytics/discovery-types';
import type { InvokeInput } from '../../../shared/ipc/contract';
import type { VisibilityPeriod } from '../../../shared/visibility/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { useBrandsStore } from './brands-store';
import { useToastStore } from './toast-store';

/** Names fetched per queue load: the list is virtualised, so all of them fit. */
export const DISCOVERY_LIMIT = 500;

interface DiscoveryState {
  period: VisibilityPeriod;
  /** The dismissed names instead of the queue. */
  showDismissed: boolean;
  /** Candidate competitors, or the retailers and marketplaces listed apart. */
  kind: DiscoveryKind;
  queue: DiscoveryQueue | null;
  loading: boolean;
  error: ShownError | null;
  /** The candidate whose details are open (its key). */
  selected: string | null;
  /** Its examples and proposals (fetched when it is opened: the queue comes without them). */
  detail: DiscoveryCandidate | null;
  detailError: ShownError | null;
  /** The key an action is under way for (buttons show it and are disabled). */
  busy: string | null;
  load(): Promise<void>;
  setPeriod(period: VisibilityPeriod): void;
  setShowDismissed(show: boolean): void;
  setKind(kind: DiscoveryKind): void;
  select(key: string | null): Promise<void>;
  accept(input: InvokeInput<'discovery.accept'>): Promise<boolean>;
  dismiss(key: string): Promise<void>;
  restore(key: string): Promise<void>;
  merge(key: string, brandId: string): Promise<void>;
}

let loadSeq = 0;

/** The Brands view's "Discovered" panel: the queue and the decisions on it. */
export const useDiscoveryStore = create<DiscoveryState>((set, get) => {
  /** Runs an action on one name, then reloads the queue (and the brands when it saved one). */
  async function act(
    key: string,
    run: () => Promise<string | null>,
    brandsChanged: boolean,
  ): Promise<boolean> {
    set({ busy: key, error: null });
    try {
      const notice = await run();
      if (brandsChanged) await useBrandsStore.getState().load();
      if (notice) useToastStore.getState().push('success', notice);
      if (get().selected === key) set({ selected: null, detail: null });
      await get().load();
      return true;
    } catch (error) {
      const shown = toShownError(error);
      set({ error: shown });
      useToastStore.getState().push('error', shown.message);
      return false;
    } finally {
      set({ busy: null });
    }
  }

  return {
    period: { days: 30 },
    showDismissed: false,
    kind: 'candidate',
    queue: null,
    loading: false,
    error: null,
    selected: null,
    detail: null,
    detailError: null,
    busy: null,
    async load() {
      const seq = ++loadSeq;
      const { period, showDismissed, kind } = get();
      set({ loading: true });
      try {
        const queue = await call('discovery.queue', {
          period,
          dismissed: showDismissed,
          kind,
          limit: DISCOVERY_LIMIT,
          details: false,
        });
        if (seq !== loadSeq) return;
        const selected = get().selected;
        const still = queue.candidates.some((c) => c.key === selected);
        // A selection that left the list (accepted elsewhere, other period) closes.
        set({ queue, loading: false, error: null, ...(still ? {} : { selected: null, detail: null }) });
        if (still && selected) void get().select(selected);
      } catch (error) {
        if (seq === loadSeq) set({ error: toShownError(error), loading: false });
      }
    },
    setPeriod(period) {
      set({ period });
      void get().load();
    },
    setShowDismissed(showDismissed) {
      set({ showDismissed, selected: null });
      void get().load();
    },
    setKind(kind) {
      set({ kind, selected: null });
      void get().load();
    },
    async select(selected) {
      set({ selected, detail: null, detailError: null });
      if (selected === null) return;
      const row = get().queue?.candidates.find((c) => c.key === selected) ?? null;
      try {
        const { period } = get();
        const detail = await call('discovery.candidate', { key: selected, period });
        // A dismissed name not named in the period has no details: its queue row stands in.
        if (get().selected === selected) set({ detail: detail ?? row });
      } catch (error) {
        if (get().selected === selected) set({ detail: row, detailError: toShownError(error) });
      }
    },
    accept(input) {
      return act(
        input.key,
        async () => {
          const brand = await call('discovery.accept', input);
          return `${brand.name} is now a ${brand.kind === 'brand' ? 'brand' : 'competitor'}; the history is being re-analysed.`;
        },
        true,
      );
    },
    async dismiss(key) {
      await act(key, async () => (await call('discovery.dismiss', { key }), null), false);
    },
    async restore(key) {
      await act(key, async () => (await call('discovery.restore', { key }), null), false);
    },
    async merge(key, brandId) {
      await act(
        key,
        async () => {
          const brand = await call('discovery.merge', { key, brandId });
          return `Merged into ${brand.name}; the history is being re-analysed.`;
        },
        true,
      );
    },
  };
});
