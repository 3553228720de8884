import { randomUUID } from 'node:crypto';
import type { EngineName } from '../../shared/api/engines';
import { enginePath, type ServiceProfile } from '../../shared/profile';
import type { MonitorRequest, TaskBody } from '../../shared/api/requests';
import { chargedCostRange, expandProductsCharge, type CostTable } from '../../shared/api/cost';
import { type AccountRegistry, type AccountState, slotsOf } from '../core/accounts';
import type { SlotPool } from '../core/slots';
import type { FaultInjector } from '../core/faults';
import { bump } from '../core/stats';
import { drawLatency, sleep } from '../core/latency';
import type { Rng } from '../core/prng';
import { HttpError, type ErrorCode } from '../http/envelope';
import type { SyntheticEngines } from '../engines/index';
import type { LatencySpec, SandboxStats } from '../types';
import { Deque } from './deque';
import { deliverWebhook } from './webhook';

// The async side: a per-account priority queue (1-10, higher first, FIFO within a
// priority), accounts taking turns for workers, a slot taken only when a task starts and
// kept through retries, credits charged only on COMPLETED (balance re-checked at pickup and
// when charging), idempotency keys per account, and webhooks on completion.

export type TaskStatus = 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface Task {
  id: string;
  accountId: string;
  engine: EngineName;
  taskType: string;
  payload: MonitorRequest;
  priority: number;
  idempotencyKey: string | null;
  webhookUrl: string | null;
  webhookDeliveredAt: number | null;
  status: TaskStatus;
  createdAt: number;
  startedAt: number | null;
  latencyMs: number | null;
  creditsToCharge: number;
  creditsMax: number;
  creditsCharged: number | null;
  response: Record<string, unknown> | null;
}

export interface QueueDeps {
  accounts: AccountRegistry;
  slots: SlotPool;
  stats: () => SandboxStats;
  faults: FaultInjector;
  engines: SyntheticEngines;
  /** Engine paths (the TASK faults match them) of the profile served. */
  profile: ServiceProfile;
  /** Base costs of the profile served. */
  costTable: CostTable;
  latency: () => LatencySpec;
  rng: Rng;
  clock: () => number;
  maxQueueSize: number;
  workers: number;
  signal: AbortSignal;
}

const MAX_ATTEMPTS = 3;
const RETRY_BACKOFF_MS = 20;
const RETENTION_MS = 24 * 60 * 60 * 1000;

interface AccountQueue {
  byPriority: Array<Deque<Task>>;
  queued: number;
  idempotency: Map<string, string>;
}

export class TaskQueue {
  private readonly tasks = new Map<string, Task>();
  private readonly queues = new Map<string, AccountQueue>();
  /** Round-robin order of accounts for the workers. */
  private turn = 0;
  private running = 0;

  constructor(private readonly d: QueueDeps) {}

  queuedCount(accountId: string): number {
    return this.queues.get(accountId)?.queued ?? 0;
  }

  /** Rejects a submission of `count` tasks that would overflow the account's queue. */
  checkCapacity(accountId: string, count: number): void {
    const queued = this.queuedCount(accountId);
    if (queued + count > this.d.maxQueueSize) {
      throw new HttpError(
        429,
        'QUEUE_LIMIT_EXCEEDED',
        'Tasks would overflow the queue; submission rejected',
        {
          queuedCount: queued,
          batchSize: count,
          maxQueueSize: this.d.maxQueueSize,
          remainingCapacity: Math.max(0, this.d.maxQueueSize - queued),
        },
      );
    }
  }

  /** Creates one QUEUED task; throws 409 RESOURCE_CONFLICT, 403 INSUFFICIENT_CREDITS or 429. */
  create(account: AccountState, engine: EngineName, body: TaskBody): Task {
    this.sweep();
    const q = this.queueOf(account.id);
    const key = body.idempotencyKey ?? null;
    if (key !== null && q.idempotency.has(key)) {
      throw new HttpError(409, 'RESOURCE_CONFLICT', 'A task with this idempotencyKey already exists', {
        field: 'idempotencyKey',
        value: key,
        taskId: q.idempotency.get(key),
      });
    }
    const range = chargedCostRange(engine, body.payload, this.d.costTable);
    if (account.credits < range.max) {
      throw new HttpError(403, 'INSUFFICIENT_CREDITS', 'The credit balance does not cover the task', {
        required: range.max,
        remaining: account.credits,
      });
    }
    this.checkCapacity(account.id, 1);
    const task: Task = {
      id: randomUUID(),
      accountId: account.id,
      engine,
      taskType: body.taskType,
      payload: body.payload,
      priority: body.priority ?? 1,
      idempotencyKey: key,
      webhookUrl: body.webhook?.url ?? null,
      webhookDeliveredAt: null,
      status: 'QUEUED',
      createdAt: this.d.clock(),
      startedAt: null,
      latencyMs: null,
      creditsToCharge: range.min,
      creditsMax: range.max,
      creditsCharged: null,
      response: null,
    };
    this.tasks.set(task.id, task);
    if (key !== null) q.idempotency.set(key, task.id);
    (q.byPriority[task.priority - 1] as Deque<Task>).push(task);
    q.queued += 1;
    this.d.stats().tasksCreated += 1;
    queueMicrotask(() => this.pump());
    return task;
  }

  get(accountId: string, id: string): Task | undefined {
    this.sweep();
    const task = this.tasks.get(id);
    return task && task.accountId === accountId ? task : undefined;
  }

  /** Removes the account's QUEUED tasks (their idempotency keys are freed) and returns how many. */
  clear(accountId: string): number {
    const q = this.queues.get(accountId);
    if (!q) return 0;
    let cleared = 0;
    for (const deque of q.byPriority) {
      for (const task of deque.drain()) {
        this.tasks.delete(task.id);
        if (task.idempotencyKey !== null) q.idempotency.delete(task.idempotencyKey);
        cleared += 1;
      }
    }
    q.queued = 0;
    return cleared;
  }

  status(account: AccountState): Record<string, unknown> {
    const q = this.queues.get(account.id);
    let processing = 0;
    for (const t of this.tasks.values())
      if (t.accountId === account.id && t.status === 'PROCESSING') processing += 1;
    const breakdown: Array<{ priority: number; count: number }> = [];
    if (q) {
      for (let p = 10; p >= 1; p--) {
        const count = (q.byPriority[p - 1] as Deque<Task>).length;
        if (count > 0) breakdown.push({ priority: p, count });
      }
    }
    return {
      queuedTasks: q?.queued ?? 0,
      processingTasks: processing,
      priorityBreakdown: breakdown,
      concurrency: { used: account.slotsUsed, max: slotsOf(account) },
    };
  }

  /** Starts queued tasks while workers and slots allow, accounts taking turns. */
  pump(): void {
    if (this.d.signal.aborted) return;
    while (this.running < this.d.workers) {
      const next = this.nextTask();
      if (!next) return;
      this.running += 1;
      void this.execute(next.task, next.account).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private nextTask(): { task: Task; account: AccountState } | undefined {
    const ids = [...this.queues.keys()];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[(this.turn + i) % ids.length] as string;
      const q = this.queues.get(id) as AccountQueue;
      if (q.queued === 0) continue;
      const account = this.d.accounts.get(id);
      if (!this.d.slots.tryAcquire(account)) continue;
      for (let p = 10; p >= 1; p--) {
        const task = (q.byPriority[p - 1] as Deque<Task>).shift();
        if (task) {
          q.queued -= 1;
          this.turn = (this.turn + i + 1) % ids.length;
          return { task, account };
        }
      }
      this.d.slots.release(account);
    }
    return undefined;
  }

  private async execute(task: Task, account: AccountState): Promise<void> {
    task.status = 'PROCESSING';
    task.startedAt = this.d.clock();
    try {
      if (account.credits < task.creditsMax) {
        this.fail(task, 'INSUFFICIENT_CREDITS', 'The credit balance did not cover the task when it started');
        return;
      }
      const path = enginePath(this.d.profile, task.engine);
      for (let attempt = 1; ; attempt++) {
        const fault = this.d.faults.take('TASK', path, path, ['500', '502', 'slow']);
        if (fault) bump(this.d.stats().faultsInjected, `task:${fault.kind}`);
        const delay = drawLatency(this.d.latency(), this.d.rng) + (fault?.kind === 'slow' ? fault.slowMs : 0);
        await sleep(delay, this.d.signal);
        if (fault?.kind === '502') {
          this.fail(task, 'EXTERNAL_SERVICE_ERROR', 'The engine failed in a way retrying would not fix', {
            service: task.engine,
          });
          return;
        }
        if (fault?.kind === '499') {
          this.fail(task, 'REQUEST_CANCELED', 'The task was canceled');
          return;
        }
        if (fault && fault.kind !== 'slow') {
          // 500, drop, malformed, empty, 429: the engine attempt failed; retry holding the slot.
          if (attempt >= MAX_ATTEMPTS) {
            this.fail(task, 'INTERNAL_SERVER_ERROR', 'Maximum retries exceeded');
            return;
          }
          await sleep(RETRY_BACKOFF_MS * attempt, this.d.signal);
          continue;
        }
        break;
      }
      const out = this.d.engines.run(task.engine, task.payload);
      const cost =
        task.creditsToCharge + (task.engine === 'search-ai' ? expandProductsCharge(out.clusters) : 0);
      if (account.credits < cost) {
        this.fail(
          task,
          'INSUFFICIENT_CREDITS',
          'The credit balance did not cover the task when it was charged',
        );
        return;
      }
      account.credits -= cost;
      bump(this.d.stats().creditsCharged, account.id, cost);
      task.creditsCharged = cost;
      // The public OpenAPI's envelope, as the official SDK receives it (not the bare result).
      task.response = { success: true, result: out.result };
      task.status = 'COMPLETED';
      task.latencyMs = this.d.clock() - task.startedAt;
      this.d.stats().tasksCompleted += 1;
    } catch {
      // only the sandbox closing interrupts a task
      if (task.status === 'PROCESSING') this.fail(task, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    } finally {
      this.d.slots.release(account);
      this.notify(task);
    }
  }

  private fail(task: Task, code: ErrorCode, message: string, details?: Record<string, unknown>): void {
    task.status = 'FAILED';
    task.creditsCharged = 0;
    task.latencyMs = task.startedAt === null ? null : this.d.clock() - task.startedAt;
    task.response = { error: details ? { code, message, details } : { code, message } };
    this.d.stats().tasksFailed += 1;
  }

  private notify(task: Task): void {
    if (task.webhookUrl === null || this.d.signal.aborted) return;
    const { webhook: _omit, ...body } = taskView(task);
    void deliverWebhook({
      url: task.webhookUrl,
      taskId: task.id,
      body,
      signal: this.d.signal,
      clock: this.d.clock,
    }).then((at) => {
      if (at === null) {
        this.d.stats().webhooksFailed += 1;
      } else {
        task.webhookDeliveredAt = at;
        this.d.stats().webhooksDelivered += 1;
      }
    });
  }

  private queueOf(accountId: string): AccountQueue {
    let q = this.queues.get(accountId);
    if (!q) {
      q = {
        byPriority: Array.from({ length: 10 }, () => new Deque<Task>()),
        queued: 0,
        idempotency: new Map(),
      };
      this.queues.set(accountId, q);
    }
    return q;
  }

  /** Finished tasks are kept 24 hours after creation, like the service; their keys then free up. */
  private sweep(): void {
    const limit = this.d.clock() - RETENTION_MS;
    for (const [id, task] of this.tasks) {
      if (task.createdAt > limit) break; // insertion order = creation order
      if (task.status !== 'COMPLETED' && task.status !== 'FAILED') continue;
      this.tasks.delete(id);
      if (task.idempotencyKey !== null)
        this.queues.get(task.accountId)?.idempotency.delete(task.idempotencyKey);
    }
  }
}

export function taskSummary(task: Task): Record<string, unknown> {
  return {
    id: task.id,
    taskType: task.taskType,
    status: task.status,
    priority: task.priority,
    createdAt: new Date(task.createdAt).toISOString(),
    latencyMs: task.latencyMs,
    idempotencyKey: task.idempotencyKey,
  };
}

export function taskCredits(task: Task): Record<string, unknown> {
  return { creditsToCharge: task.creditsToCharge, creditsCharged: task.creditsCharged };
}

/** GET /v1/async/task/:id: {task, credits, webhook?, response?} (no `success` key). */
export function taskView(task: Task): Record<string, unknown> {
  const view: Record<string, unknown> = { task: taskSummary(task), credits: taskCredits(task) };
  const finished = task.status === 'COMPLETED' || task.status === 'FAILED';
  if (finished && task.webhookUrl !== null) {
    view.webhook = {
      url: task.webhookUrl,
      deliveredAt: task.webhookDeliveredAt === null ? null : new Date(task.webhookDeliveredAt).toISOString(),
      delivered: task.webhookDeliveredAt !== null,
    };
  }
  if (finished && task.response !== null) view.response = task.response;
  return view;
}
