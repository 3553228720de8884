import { create } from 'zustand';
import type { EventPayload } from '../../../shared/ipc/contract';
import type {
  NotScoredCounts,
  RescoreEstimateView,
  RescoreJudgeKind,
  RescoreUsageView,
} from '../../../shared/positioning/rescore-app';
import type { RescoreSummary } from '../../../shared/positioning/view-types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The "Re-score history…" dialog: the judge and the period, the estimate main computes
// before anything is sent (answers, tokens, USD, the budget's verdict), Confirm, then the
// re-score's progress from the 'positioning.rescore' events (done of total, tokens spent, an ETA
// from the pace so far, answers not scored per reason) with Stop, and what moved at the end.
// An estimate records the job paused in main; closing the dialog without starting forgets a new
// one (a stopped one stays, offered for Resume the next time).

export type RescorePhase = 'running' | 'done' | 'paused' | 'failed';

export interface RescoreRunState {
  phase: RescorePhase;
  done: number;
  total: number;
  message: string | null;
  usage: RescoreUsageView | null;
  notScored: NotScoredCounts;
  /** When this window first saw it run, and how far it was then (the ETA's pace). */
  seenAt: number;
  seenDone: number;
  /** The pace's latest reading: (answers judged since seenAt) over (ms since seenAt). */
  lastAt: number;
}

interface RescoreDialogState {
  open: boolean;
  kind: RescoreJudgeKind;
  /** Only answers of the last N days; null: every stored answer. */
  days: number | null;
  /** The model judge's id when one is set (null: none, so only the built-in judge is offered). */
  modelJudge: string | null;
  estimate: RescoreEstimateView | null;
  estimating: boolean;
  error: ShownError | null;
  run: RescoreRunState | null;
  /** What moved, once a re-score of this dialog finished. */
  summary: RescoreSummary | null;
  show(kind?: RescoreJudgeKind): Promise<void>;
  hide(): Promise<void>;
  choose(patch: { kind?: RescoreJudgeKind; days?: number | null }): Promise<void>;
  confirm(): Promise<void>;
  stop(): Promise<void>;
  onEvent(p: EventPayload<'positioning.rescore'>): void;
}

/** The estimate that recorded a new job nobody started (forgotten when the dialog moves on). */
const unstarted = (s: RescoreDialogState): boolean =>
  s.estimate !== null && !s.estimate.resuming && s.estimate.overBudget === null && s.run === null;

/** Milliseconds left at the pace seen so far (null until one batch was seen). */
export function etaMs(run: RescoreRunState): number | null {
  const judged = run.done - run.seenDone;
  if (run.phase !== 'running' || judged <= 0 || run.lastAt <= run.seenAt) return null;
  return ((run.total - run.done) * (run.lastAt - run.seenAt)) / judged;
}

export const useRescoreDialogStore = create<RescoreDialogState>((set, get) => {
  let token = 0;

  async function forgetUnstarted(): Promise<void> {
    if (!unstarted(get())) return;
    set({ estimate: null });
    await call('positioning.rescore.discard', {}).catch(() => undefined);
  }

  async function estimate(): Promise<void> {
    const mine = ++token;
    const { kind, days } = get();
    set({ estimating: true, error: null });
    try {
      await forgetUnstarted();
      const value = await call('positioning.rescore.estimate', {
        judge: kind,
        ...(days === null ? {} : { days }),
      });
      if (mine === token) set({ estimate: value, estimating: false });
    } catch (error) {
      if (mine === token) set({ estimate: null, estimating: false, error: toShownError(error) });
    }
  }

  async function readStatus(): Promise<boolean> {
    const status = await call('positioning.rescore.status', {});
    const job = status.job;
    if (!status.running || job === null) return false;
    const now = Date.now();
    set({
      run: {
        phase: 'running',
        done: job.done,
        total: job.total,
        message: null,
        usage: status.model?.usage ?? null,
        notScored: status.model?.notScored ?? {},
        seenAt: now,
        seenDone: job.done,
        lastAt: now,
      },
    });
    return true;
  }

  return {
    open: false,
    kind: 'builtin',
    days: null,
    modelJudge: null,
    estimate: null,
    estimating: false,
    error: null,
    run: null,
    summary: null,

    async show(kind) {
      set({ open: true, error: null, estimate: null, run: null, summary: null });
      try {
        const judge = await call('judge.status', {});
        const modelJudge = judge.judge?.id ?? null;
        const pending = (await call('positioning.rescore.status', {})).job?.judge.id ?? null;
        // A stopped re-score is offered with its own judge; else the one asked for (or active).
        const wanted =
          pending !== null
            ? pending.startsWith('model:')
              ? 'model'
              : 'builtin'
            : (kind ?? (judge.active.startsWith('model:') ? 'model' : 'builtin'));
        set({ modelJudge, kind: wanted === 'model' && modelJudge === null ? 'builtin' : wanted });
        if (await readStatus()) return;
        await estimate();
      } catch (error) {
        set({ error: toShownError(error) });
      }
    },

    async hide() {
      token += 1;
      set({ open: false });
      await forgetUnstarted();
      set({ estimate: null, estimating: false, error: null, summary: null });
      if (get().run?.phase !== 'running') set({ run: null });
    },

    async choose(patch) {
      set(patch);
      await estimate();
    },

    async confirm() {
      const { kind, days, estimate: e } = get();
      if (e === null || e.overBudget !== null) return;
      set({ error: null, summary: null });
      const now = Date.now();
      set({
        run: {
          phase: 'running',
          done: e.done,
          total: e.total,
          message: null,
          usage: null,
          notScored: {},
          seenAt: now,
          seenDone: e.done,
          lastAt: now,
        },
      });
      try {
        await call('positioning.rescore.start', { judge: kind, ...(days === null ? {} : { days }) });
      } catch (error) {
        set({ run: null, error: toShownError(error) });
      }
    },

    async stop() {
      set({ error: null });
      try {
        await call('positioning.rescore.cancel', {});
      } catch (error) {
        set({ error: toShownError(error) });
      }
    },

    onEvent(p) {
      const before = get().run;
      const now = Date.now();
      const run: RescoreRunState = {
        phase: p.phase,
        done: p.done,
        total: p.total,
        message: p.message,
        usage: p.usage ?? before?.usage ?? null,
        notScored: p.notScored ?? before?.notScored ?? {},
        seenAt: before?.seenAt ?? now,
        seenDone: before?.seenDone ?? p.done,
        lastAt: now,
      };
      set({ run });
      if (p.phase === 'done' && get().open)
        void call('positioning.rescore.status', {})
          .then((status) => set({ summary: status.last }))
          .catch((error: unknown) => set({ error: toShownError(error) }));
    },
  };
});
