import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { EngineName } from '../../../shared/api/engines';
import type { CommerceOption, EngineOptions, RunMode, RunSpecInput } from '../../../shared/domain/run-spec';
import type { RunEstimateView } from '../../../shared/ipc/channels/runs';
import { call } from '../ipc/client';
import { promptsFromText } from '../lib/csv-prompts';
import { toShownError, type ShownError } from '../lib/errors';

export interface ComposeDraft {
  name: string;
  promptsText: string;
  engines: EngineName[];
  engineOptions: Partial<Record<EngineName, EngineOptions>>;
  /** "Track shopping and ads" (and expand products); null: off. */
  commerce: CommerceOption | null;
  countries: string[];
  states: string[];
  repeats: number;
  mode: RunMode;
  priority: number;
  budget: number | null;
  tags: string;
}

interface ComposeState extends ComposeDraft {
  estimate: RunEstimateView | null;
  estimateError: ShownError | null;
  estimating: boolean;
  starting: boolean;
  startError: ShownError | null;
  patch(p: Partial<ComposeDraft>): void;
  setEngineOptions(engine: EngineName, options: EngineOptions): void;
  appendPrompts(prompts: string[]): void;
  /**
   * Adds library prompts to the list, skipping ones already in it; returns how many were
   * added. Line breaks become spaces, since the list holds one prompt per line.
   */
  addPrompts(prompts: string[]): number;
  runEstimate(): Promise<void>;
  start(): Promise<string | null>;
}

export const initialDraft: ComposeDraft = {
  name: '',
  promptsText: '',
  engines: ['assistant-a'],
  engineOptions: {},
  commerce: null,
  countries: [],
  states: [],
  repeats: 1,
  mode: 'sync',
  priority: 1,
  budget: null,
  tags: '',
};

/** The run spec the draft describes, exactly as runs.estimate / runs.start take it. */
export function draftToSpec(d: ComposeDraft): RunSpecInput {
  const engineOptions: Partial<Record<EngineName, EngineOptions>> = {};
  for (const e of d.engines) {
    const o = d.engineOptions[e];
    if (o && Object.keys(o).length > 0) engineOptions[e] = o;
  }
  const tags = d.tags
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return {
    ...(d.name.trim() !== '' ? { name: d.name.trim() } : {}),
    prompts: promptsFromText(d.promptsText),
    engines: d.engines,
    countries: d.countries,
    states: d.states,
    repeats: d.repeats,
    mode: d.mode,
    priority: d.priority,
    engineOptions,
    ...(d.commerce && (d.commerce.shoppingAndAds || d.commerce.expandProducts)
      ? { commerce: d.commerce }
      : {}),
    budget: d.budget,
    tags,
  };
}

/** The compose form, its live estimate and Start. */
export const useComposeStore = create<ComposeState>((set, get) => ({
  ...initialDraft,
  estimate: null,
  estimateError: null,
  estimating: false,
  starting: false,
  startError: null,
  patch: (p) => set(p),
  setEngineOptions: (engine, options) =>
    set((s) => ({ engineOptions: { ...s.engineOptions, [engine]: options } })),
  appendPrompts: (prompts) =>
    set((s) => ({ promptsText: [s.promptsText.trimEnd(), ...prompts].filter((l) => l !== '').join('\n') })),
  addPrompts(prompts) {
    const have = new Set(promptsFromText(get().promptsText));
    const fresh: string[] = [];
    for (const p of prompts) {
      const line = p.replace(/\s*\r?\n\s*/g, ' ').trim();
      if (line === '' || have.has(line)) continue;
      have.add(line);
      fresh.push(line);
    }
    if (fresh.length > 0) get().appendPrompts(fresh);
    return fresh.length;
  },
  async runEstimate() {
    const spec = draftToSpec(get());
    // An empty draft is not an error: the panel shows what to add instead.
    if (spec.prompts.length === 0 || (spec.countries?.length ?? 0) + (spec.states?.length ?? 0) === 0) {
      set({ estimate: null, estimateError: null, estimating: false });
      return;
    }
    set({ estimating: true });
    try {
      const estimate = await call('runs.estimate', spec);
      set({ estimate, estimateError: null, estimating: false });
    } catch (error) {
      set({ estimate: null, estimateError: toShownError(error), estimating: false });
    }
  },
  async start() {
    set({ starting: true, startError: null });
    try {
      const { runId } = await call('runs.start', draftToSpec(get()));
      set({ starting: false });
      return runId;
    } catch (error) {
      set({ starting: false, startError: toShownError(error) });
      return null;
    }
  },
}));

/**
 * The draft fields of the Compose store, re-rendering only when one of them changes (not on
 * estimate or start progress): what views that turn the draft into a run spec read.
 */
export function useComposeDraft(): ComposeDraft {
  return useComposeStore(
    useShallow((s) => ({
      name: s.name,
      promptsText: s.promptsText,
      engines: s.engines,
      engineOptions: s.engineOptions,
      commerce: s.commerce,
      countries: s.countries,
      states: s.states,
      repeats: s.repeats,
      mode: s.mode,
      priority: s.priority,
      budget: s.budget,
      tags: s.tags,
    })),
  );
}
