import type { RunSpec } from '../../../shared/domain/run-spec';
import type { ApiClient } from '../api';
import { newRecordId, type NewJob } from '../../history';
import { costOf } from './estimate';
import { idempotencyKeyFor } from './idempotency';
import { buildEngineRequest, cellTemplates, planJobs } from './job-plan';

/** A new run's jobs, each with its request built and (async) its idempotency key. */
export function newJobsFor(spec: RunSpec, runId: string, client: ApiClient): NewJob[] {
  const templates = cellTemplates(spec, costOf(client));
  return planJobs(spec, templates).map((j) => {
    const id = newRecordId();
    return {
      id,
      promptIndex: j.promptIndex,
      engine: j.engine,
      country: j.country,
      state: j.state,
      repeat: j.repeat,
      request: buildEngineRequest(
        j.engine,
        j.prompt,
        { country: j.country, state: j.state },
        spec.engineOptions[j.engine] ?? {},
      ),
      idempotencyKey: spec.mode === 'async' ? idempotencyKeyFor(runId, id) : null,
    };
  });
}
