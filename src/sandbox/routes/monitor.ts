import type { EngineName } from '../../shared/api/engines';
import { validateGotoRequest, validateMonitorRequest } from '../../shared/api/requests';
import { chargedCostRange, expandProductsCharge } from '../../shared/api/cost';
import { slotsOf } from '../core/accounts';
import { drawLatency, sleep } from '../core/latency';
import { bump } from '../core/stats';
import { HttpError, ValidationFailure } from '../http/envelope';
import { json, type Call, type Reply } from '../http/call';
import { resolveRedirect } from '../engines/redirect';
import type { SandboxCore } from '../core/sandbox-core';
import { readJsonBody } from './read';

// Synchronous monitor calls: validate, check credits, take a slot for the whole run, wait
// the engine's latency, answer, charge. 500/502/drop charge nothing; a client that goes
// away before the answer is counted as 499 and charged nothing.

export async function monitorCall(call: Call, core: SandboxCore, engine: EngineName): Promise<Reply> {
  const account = call.account;
  if (!account) throw new Error('monitor call without account');
  if (!core.isAvailable(engine)) {
    throw new HttpError(404, 'RESOURCE_NOT_FOUND', `Engine ${call.path} is not available yet`, {
      id: call.path,
    });
  }
  const body = await readJsonBody(call, core);
  const v = validateMonitorRequest(engine, body);
  if (!v.ok) throw new ValidationFailure(400, v.details);
  const range = chargedCostRange(engine, v.value, core.costTable);
  if (account.credits < range.max) {
    throw new HttpError(
      403,
      'INSUFFICIENT_CREDITS',
      'The credit balance does not cover the maximum cost of this request',
    );
  }
  if (!core.slots.tryAcquire(account)) {
    core.stats.concurrencyRejections += 1;
    throw new HttpError(429, 'CONCURRENT_LIMIT_EXCEEDED', 'Every concurrency slot of the plan is busy', {
      limit: slotsOf(account),
    });
  }
  call.slotHeld = true;
  core.stats.monitorCalls += 1;
  const fault = call.fault;
  try {
    const delay = drawLatency(core.latency, core.rng) + (fault?.kind === 'slow' ? fault.slowMs : 0);
    await sleep(delay, call.signal);
  } catch {
    return { kind: 'canceled' };
  }
  if (fault?.kind === '500') throw new HttpError(500, 'INTERNAL_SERVER_ERROR', 'Maximum retries exceeded');
  if (fault?.kind === '502') {
    throw new HttpError(502, 'EXTERNAL_SERVICE_ERROR', 'The engine failed in a way retrying would not fix', {
      service: engine,
    });
  }
  if (fault?.kind === 'drop') return { kind: 'drop' };
  const out = core.engines.run(engine, v.value);
  const cost = range.min + (engine === 'search-ai' ? expandProductsCharge(out.clusters) : 0);
  account.credits -= cost;
  call.creditsCharged = cost;
  bump(core.stats.creditsCharged, account.id, cost);
  const reply: Reply = { kind: 'json', status: 200, body: { success: true, result: out.result } };
  if (fault?.kind === 'malformed' || fault?.kind === 'empty') reply.output = fault.kind;
  return reply;
}

/** POST /v1/monitor/search/goto (the profile's redirect path): 0 credits, no slot, rate-limited. */
export async function gotoCall(call: Call, core: SandboxCore): Promise<Reply> {
  const body = await readJsonBody(call, core);
  const v = validateGotoRequest(body);
  if (!v.ok) throw new ValidationFailure(400, v.details);
  if (call.fault?.kind === '502') {
    throw new HttpError(502, 'EXTERNAL_SERVICE_ERROR', 'The search engine did not answer with a redirect', {
      service: 'search',
    });
  }
  const destination = resolveRedirect(v.value.url);
  if (destination === null) {
    throw new HttpError(502, 'EXTERNAL_SERVICE_ERROR', 'The search engine did not answer with a redirect', {
      service: 'search',
    });
  }
  return json(200, { url: destination });
}
