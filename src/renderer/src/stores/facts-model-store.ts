import { create } from 'zustand';
import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../../shared/facts/model-check';
import type { EventPayload } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The Facts panel's check with the analyst's model judge: the estimate main computes before
// anything is sent (facts, answers, tokens, USD, the budget's verdict), Confirm, then the
// progress from the 'facts.modelCheck' events with Stop, and how it ended.

interface FactsModelState {
  /** Only answers of the last N days; null: every stored answer. */
  days: number | null;
  estimate: FactsCheckEstimate | null;
  estimating: boolean;
  status: FactsModelCheckStatus | null;
  error: ShownError | null;
  /** Reads where a check stands (one may be running from before the window opened). */
  load(): Promise<void>;
  ask(days: number | null): Promise<void>;
  dismiss(): void;
  confirm(): Promise<void>;
  stop(): Promise<void>;
  onEvent(p: EventPayload<'facts.modelCheck'>): void;
}

const period = (days: number | null): { days?: number } => (days === null ? {} : { days });

export const useFactsModelStore = create<FactsModelState>((set, get) => ({
  days: null,
  estimate: null,
  estimating: false,
  status: null,
  error: null,
  async load() {
    try {
      set({ status: await call('facts.modelCheck.status', {}) });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async ask(days) {
    set({ days, estimating: true, error: null, estimate: null });
    try {
      set({ estimate: await call('facts.modelCheck.estimate', period(days)), estimating: false });
    } catch (error) {
      set({ estimating: false, error: toShownError(error) });
    }
  },
  dismiss() {
    set({ estimate: null, error: null });
  },
  async confirm() {
    set({ error: null });
    try {
      const status = await call('facts.modelCheck.start', period(get().days));
      set({ status, estimate: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async stop() {
    try {
      set({ status: await call('facts.modelCheck.cancel', {}) });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  onEvent(p) {
    set({ status: p });
  },
}));
