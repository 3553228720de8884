import { create } from 'zustand';
import type { MonitorView } from '../../../shared/ipc/channels/library';
import type { SuggestionSourceName, SuggestionsListView } from '../../../shared/ipc/channels/suggestions';
import { call } from '../ipc/client';
import { errorOf, toShownError, type ShownError } from '../lib/errors';

// The Library's prompts worth tracking: the candidates main computes, the source filter, the
// monitors a suggestion can go to, and the add and dismiss actions.

/** Where "Add" puts a suggestion: the library under an optional topic, or a monitor. */
export type AddDestination = { library: true; topic: string } | { monitorId: string };

interface SuggestionsState {
  source: SuggestionSourceName | null;
  data: SuggestionsListView | null;
  monitors: MonitorView[];
  loading: boolean;
  error: ShownError | null;
  /** What the last action did, in words (announced politely). */
  done: string | null;
  load(): Promise<void>;
  setSource(source: SuggestionSourceName | null): void;
  /** Returns null when added, or the error for the row's form to show. */
  add(id: string, to: AddDestination): Promise<ShownError | null>;
  /** Returns null when dismissed, or the error for the row to show. */
  dismiss(id: string): Promise<ShownError | null>;
}

let loadSeq = 0;

export const useSuggestionsStore = create<SuggestionsState>((set, get) => ({
  source: null,
  data: null,
  monitors: [],
  loading: false,
  error: null,
  done: null,
  async load() {
    const seq = ++loadSeq;
    const { source } = get();
    set({ loading: true, error: null });
    try {
      const [data, monitors] = await Promise.all([
        call('suggestions.list', source === null ? {} : { source }),
        call('monitors.list', {}),
      ]);
      // A list for an earlier filter that arrives after the newer one is dropped.
      if (seq === loadSeq) set({ data, monitors, loading: false });
    } catch (error) {
      if (seq === loadSeq) set({ loading: false, error: toShownError(error) });
    }
  },
  setSource(source) {
    set({ source });
    void get().load();
  },
  async add(id, to) {
    let done = '';
    const error = await errorOf(async () => {
      const input =
        'monitorId' in to
          ? { id, monitorId: to.monitorId }
          : { id, ...(to.topic.trim() ? { topic: to.topic } : {}) };
      const out = await call('suggestions.add', input);
      const where = out.target === 'library' ? 'the library' : `monitor ${out.monitor ?? ''}`;
      done = `${out.added ? 'Added to' : 'Already in'} ${where}: ${out.suggestion.text}`;
    });
    if (error) return error;
    set({ done });
    await get().load();
    return null;
  },
  async dismiss(id) {
    let done = '';
    const error = await errorOf(async () => {
      const out = await call('suggestions.dismiss', { id });
      done = `Dismissed: ${out.text}`;
    });
    if (error) return error;
    set({ done });
    await get().load();
    return null;
  },
}));
