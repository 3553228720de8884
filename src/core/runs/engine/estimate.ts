import type { ApiClient } from '../api';
import type { RunSpec } from '../../../shared/domain/run-spec';
import type { RunCommerceEstimate, RunEstimateView } from '../../../shared/ipc/channels/runs';
import {
  applyCommerceOption,
  commerceTargets,
  withoutCommerceOption,
} from '../../../shared/domain/commerce-option';
import { cellTemplates, jobCount, runMaxCredits, specFieldErrors, type CostFn } from './job-plan';

// What a run will cost before anything is spent: job count and maximum credits from the
// client's cost model, the balance (GET /v1/credits), the budget, and the reasons it would
// be refused, each naming both numbers.

const fmt = (n: number): string => n.toLocaleString('en-US');

export function costOf(client: Pick<ApiClient, 'maxCost'>): CostFn {
  return (engine, request) => client.maxCost(engine, request as never);
}

export function budgetBlockers(maxCredits: number, balance: number | null, budget: number | null): string[] {
  const blockers: string[] = [];
  if (balance !== null && maxCredits > balance) {
    blockers.push(
      `The run may cost up to ${fmt(maxCredits)} credits, but the balance is ${fmt(balance)} credits.`,
    );
  }
  if (budget !== null && maxCredits > budget) {
    blockers.push(
      `The run may cost up to ${fmt(maxCredits)} credits, above its budget of ${fmt(budget)} credits.`,
    );
  }
  return blockers;
}

/** What the shopping-and-ads option adds to a run's maximum cost, and where it sets flags. */
function commerceEstimate(spec: RunSpec, maxCredits: number, cost: CostFn): RunCommerceEstimate | undefined {
  if (!spec.commerce) return undefined;
  const without = runMaxCredits(spec, cellTemplates(withoutCommerceOption(spec), cost));
  return { credits: maxCredits - without, engines: commerceTargets(spec.engines, spec.commerce) };
}

export async function estimateRun(
  asked: RunSpec,
  client: Pick<ApiClient, 'maxCost' | 'credits' | 'availability'>,
): Promise<RunEstimateView> {
  const spec = applyCommerceOption(asked);
  const templates = cellTemplates(spec, costOf(client));
  const fieldErrors = specFieldErrors(templates);
  const maxCredits = runMaxCredits(spec, templates);
  // Offline or no key: the balance is unknown, and the service checks each call anyway.
  const balance = await client.credits().then(
    (res) => res.data.remaining,
    () => null,
  );
  const availability = client.availability();
  const unavailableEngines = spec.engines.filter((e) => availability[e] === 'coming-soon');
  const blockers = budgetBlockers(maxCredits, balance, spec.budget);
  const commerce = commerceEstimate(asked, maxCredits, costOf(client));
  if (fieldErrors.length > 0) {
    blockers.push(
      `${fieldErrors.length} request field${fieldErrors.length === 1 ? ' is' : 's are'} invalid: ${fieldErrors
        .slice(0, 3)
        .map((e) => `${e.field}: ${e.message}`)
        .join('; ')}`,
    );
  }
  return {
    jobs: jobCount(spec),
    maxCredits,
    balance,
    balanceAfter: balance === null ? null : balance - maxCredits,
    budget: spec.budget,
    blockers,
    fieldErrors,
    unavailableEngines,
    ...(commerce ? { commerce } : {}),
  };
}
