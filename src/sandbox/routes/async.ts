import { validateBatchBody, validateTaskBody, type ValidatedTask } from '../../shared/api/requests';
import { errorRecord, HttpError, ValidationFailure, type FieldIssue } from '../http/envelope';
import { json, type Call, type Reply } from '../http/call';
import { isLoopbackUrl } from '../async/webhook';
import { taskCredits, taskSummary, taskView } from '../async/queue';
import type { SandboxCore } from '../core/sandbox-core';
import { readJsonBody } from './read';

// The async endpoints: single and batch creation, task state, queue metrics, queue clearing.

function account(call: Call): NonNullable<Call['account']> {
  if (!call.account) throw new Error('async call without account');
  return call.account;
}

/** The sandbox only calls loopback webhooks. */
function webhookIssues(task: ValidatedTask, prefix = ''): FieldIssue[] {
  const url = task.body.webhook?.url;
  if (url === undefined || isLoopbackUrl(url)) return [];
  return [
    {
      field: `${prefix}webhook.url`,
      message: 'webhook.url must be a loopback address (127.0.0.1, ::1 or localhost) in the sandbox',
    },
  ];
}

export async function createTask(call: Call, core: SandboxCore): Promise<Reply> {
  const acct = account(call);
  const body = await readJsonBody(call, core);
  const v = validateTaskBody(body, { taskTypes: core.taskTypes, isAvailable: (e) => core.isAvailable(e) });
  if (!v.ok) throw new ValidationFailure(422, v.details);
  const hook = webhookIssues(v.value);
  if (hook.length > 0) throw new ValidationFailure(422, hook);
  const task = core.queue.create(acct, v.value.engine, v.value.body);
  return json(200, { success: true, task: taskSummary(task), credits: taskCredits(task) });
}

export async function createBatch(call: Call, core: SandboxCore): Promise<Reply> {
  const acct = account(call);
  const body = await readJsonBody(call, core);
  const v = validateBatchBody(body, { taskTypes: core.taskTypes, isAvailable: (e) => core.isAvailable(e) });
  if (!v.ok) throw new ValidationFailure(422, v.details);
  core.queue.checkCapacity(acct.id, v.value.length);
  const now = core.clock();
  let succeeded = 0;
  const results = v.value.map((outcome, index) => {
    const issues = outcome.ok ? webhookIssues(outcome.value) : outcome.details;
    if (!outcome.ok || issues.length > 0) {
      return {
        success: false,
        index,
        error: errorRecord('VALIDATION_ERROR', `Invalid task at index ${index}`, now, { errors: issues }),
      };
    }
    try {
      const task = core.queue.create(acct, outcome.value.engine, outcome.value.body);
      succeeded += 1;
      return { success: true, index, task: taskSummary(task), credits: taskCredits(task) };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const code = err.code === 'RESOURCE_CONFLICT' ? 'RESOURCE_ALREADY_EXISTS' : err.code;
      return { success: false, index, error: errorRecord(code, err.message, now, err.details) };
    }
  });
  return json(200, {
    success: true,
    summary: { total: results.length, succeeded, failed: results.length - succeeded },
    results,
  });
}

export function getTask(call: Call, core: SandboxCore): Reply {
  const id = call.params.id ?? '';
  const task = core.queue.get(account(call).id, id);
  if (!task) throw new HttpError(404, 'RESOURCE_NOT_FOUND', 'Task not found', { id });
  return json(200, taskView(task));
}

export function queueStatus(call: Call, core: SandboxCore): Reply {
  return json(200, core.queue.status(account(call)));
}

export function clearQueue(call: Call, core: SandboxCore): Reply {
  return json(200, { success: true, cleared: core.queue.clear(account(call).id) });
}
