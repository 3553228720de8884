import { create } from 'zustand';
import type {
  PromptSetView,
  PromptsCsvExportView,
  PromptsCsvImportView,
  SavedPromptView,
} from '../../../shared/ipc/channels/library';
import type { InvokeInput } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { errorOf, toShownError, type ShownError } from '../lib/errors';

/** What "Save prompts to library" did with each prompt. */
export interface SaveManyOutcome {
  added: number;
  /** Already saved, given the new tags. */
  retagged: number;
  /** Already saved with those tags. */
  unchanged: number;
}

interface LibraryState {
  /** Every saved prompt (sets are resolved against these). */
  prompts: SavedPromptView[] | null;
  /** The prompts the tag filter lets through (read from main with prompts.list { tag }). */
  shown: SavedPromptView[] | null;
  sets: PromptSetView[] | null;
  tag: string | null;
  loading: boolean;
  error: ShownError | null;
  /** A failed delete (saves report to their form instead). */
  actionError: ShownError | null;
  load(): Promise<void>;
  setTag(tag: string | null): Promise<void>;
  /** Returns null when saved, or the error for the form to show next to its fields. */
  savePrompt(input: InvokeInput<'prompts.save'>): Promise<ShownError | null>;
  deletePrompt(id: string): Promise<void>;
  saveSet(input: InvokeInput<'promptSets.save'>): Promise<ShownError | null>;
  deleteSet(id: string): Promise<void>;
  /** Saves prompt texts (from Compose) with tags, adding tags to ones already saved. */
  savePrompts(texts: string[], tags: string[]): Promise<SaveManyOutcome>;
  /** The last CSV import or export (null before one, or after a canceled dialog). */
  csv: { import: PromptsCsvImportView } | { export: PromptsCsvExportView } | null;
  /** Asks main for a CSV file and imports its prompts and topics. */
  importCsv(replaceTopics: boolean): Promise<void>;
  /** Asks main where to save, then writes the prompts (those of the tag filter) and topics as CSV. */
  exportCsv(): Promise<void>;
}

/** Every tag used by a saved prompt or set, alphabetical. */
export function libraryTags(prompts: SavedPromptView[] | null, sets: PromptSetView[] | null): string[] {
  const tags = new Set<string>();
  for (const p of prompts ?? []) for (const t of p.tags) tags.add(t);
  for (const s of sets ?? []) for (const t of s.tags) tags.add(t);
  return [...tags].sort((a, b) => a.localeCompare(b));
}

/** The prompt texts of a set, in the set's order (prompts deleted since are skipped). */
export function setPrompts(set: PromptSetView, prompts: SavedPromptView[]): SavedPromptView[] {
  const byId = new Map(prompts.map((p) => [p.id, p]));
  return set.promptIds.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}

/** The analyst's saved prompts and prompt sets, with tags. */
export const useLibraryStore = create<LibraryState>((set, get) => ({
  prompts: null,
  shown: null,
  sets: null,
  tag: null,
  loading: false,
  error: null,
  actionError: null,
  csv: null,
  async load() {
    const tag = get().tag;
    set({ loading: true });
    try {
      const [prompts, sets, shown] = await Promise.all([
        call('prompts.list', {}),
        call('promptSets.list', {}),
        tag === null ? null : call('prompts.list', { tag }),
      ]);
      if (get().tag !== tag) return;
      set({ prompts, sets, shown: shown ?? prompts, loading: false, error: null });
    } catch (error) {
      set({ loading: false, error: toShownError(error) });
    }
  },
  async setTag(tag) {
    set({ tag, shown: null });
    await get().load();
  },
  async savePrompt(input) {
    return errorOf(async () => {
      await call('prompts.save', input);
      await get().load();
    });
  },
  async deletePrompt(id) {
    set({ actionError: null });
    const failed = await errorOf(async () => {
      await call('prompts.delete', { id });
      await get().load();
    });
    if (failed) set({ actionError: failed });
  },
  async saveSet(input) {
    return errorOf(async () => {
      await call('promptSets.save', input);
      await get().load();
    });
  },
  async deleteSet(id) {
    set({ actionError: null });
    const failed = await errorOf(async () => {
      await call('promptSets.delete', { id });
      await get().load();
    });
    if (failed) set({ actionError: failed });
  },
  async savePrompts(texts, tags) {
    // No bulk channel: one prompts.save per prompt, after reading what is saved already so a
    // second save never duplicates a prompt (it only adds the new tags).
    const saved = new Map((await call('prompts.list', {})).map((p) => [p.text, p]));
    const outcome: SaveManyOutcome = { added: 0, retagged: 0, unchanged: 0 };
    for (const text of new Set(texts)) {
      const existing = saved.get(text);
      if (!existing) {
        await call('prompts.save', { text, tags });
        outcome.added++;
        continue;
      }
      const merged = [...new Set([...existing.tags, ...tags])];
      if (merged.length === existing.tags.length) {
        outcome.unchanged++;
        continue;
      }
      await call('prompts.save', { id: existing.id, text, tags: merged });
      outcome.retagged++;
    }
    if (get().prompts !== null) await get().load();
    return outcome;
  },
  async importCsv(replaceTopics) {
    set({ actionError: null });
    const failed = await errorOf(async () => {
      const done = await call('prompts.importCsv', { replaceTopics });
      set({ csv: done.path === null ? null : { import: done } });
      if (done.path !== null) await get().load();
    });
    if (failed) set({ actionError: failed, csv: null });
  },
  async exportCsv() {
    set({ actionError: null });
    const tag = get().tag;
    const failed = await errorOf(async () => {
      const done = await call('prompts.exportCsv', tag === null ? {} : { topic: tag });
      set({ csv: done.path === null ? null : { export: done } });
    });
    if (failed) set({ actionError: failed, csv: null });
  },
}));
