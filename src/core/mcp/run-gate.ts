import { randomUUID } from 'node:crypto';
import type { RunSpec } from '../../shared/domain/run-spec';
import type { RunEstimateView } from '../../shared/ipc/channels/runs';
import { AppError, type Settings } from '../platform';

// The rules an assistant's run keeps to, apart from the tools: runs exist only when the analyst
// turned them on; on the paid service a run must have a budget cap (the assistant's own, else
// the app's per-run cap) and may cost at most that; the sandbox costs nothing, so it is always
// allowed. And a run starts only from an estimate the assistant was shown: the estimate hands
// out a single-use token bound to the exact spec it priced, and start takes nothing else.

export type RunGateSettings = Pick<Settings, 'mcpRunsEnabled' | 'mcpBudgetCap' | 'budgetCap'>;

export const RUNS_DISABLED_MESSAGE =
  'Starting runs from an AI assistant is off. The analyst turns it on in Parallax → Settings → AI assistants (MCP).';

/** The cap a run an assistant starts keeps to: null = no cap (sandbox only). */
export function assistantCap(
  settings: RunGateSettings,
  sandbox: boolean,
): { cap: number | null; refusal: string | null } {
  if (sandbox) return { cap: null, refusal: null };
  const cap = settings.mcpBudgetCap ?? settings.budgetCap;
  if (cap === null)
    return {
      cap: null,
      refusal:
        'Runs an AI assistant starts on the paid service need a budget cap: the analyst sets one in Settings → AI assistants (MCP) (or the per-run budget cap). Sandbox runs need none.',
    };
  return { cap, refusal: null };
}

/** The spec with its budget lowered to the cap, so the run engine itself refuses anything above it. */
export function cappedSpec(spec: RunSpec, cap: number | null): RunSpec {
  if (cap === null) return spec;
  return { ...spec, budget: spec.budget === null ? cap : Math.min(spec.budget, cap) };
}

export interface PricedRun {
  spec: RunSpec;
  estimate: RunEstimateView;
  sandbox: boolean;
}

export interface EstimateTokens {
  /** Keeps a priced run for ttl; returns the token that starts it. */
  issue(run: PricedRun): { token: string; expiresAt: number };
  /** The priced run of a token, once: a used, unknown or expired token is refused with the reason. */
  take(token: string): PricedRun;
}

export const ESTIMATE_TTL_MS = 10 * 60_000;

export function createEstimateTokens(
  now: () => number,
  newToken: () => string = randomUUID,
  ttlMs = ESTIMATE_TTL_MS,
): EstimateTokens {
  const pending = new Map<string, PricedRun & { expiresAt: number }>();
  const sweep = (): void => {
    for (const [token, run] of pending) if (run.expiresAt <= now()) pending.delete(token);
  };
  return {
    issue(run) {
      sweep();
      const token = newToken();
      const expiresAt = now() + ttlMs;
      pending.set(token, { ...run, expiresAt });
      return { token, expiresAt };
    },
    take(token) {
      const run = pending.get(token);
      pending.delete(token);
      if (!run)
        throw new AppError(
          'ESTIMATE_TOKEN_INVALID',
          'Unknown or already used estimate token: call estimate_run first and show the analyst its cost.',
        );
      if (run.expiresAt <= now())
        throw new AppError(
          'ESTIMATE_TOKEN_EXPIRED',
          'This estimate has expired (they last 10 minutes): call estimate_run again.',
        );
      return run;
    },
  };
}
