import type { EngineName } from '../../shared/api/engines';
import type { CostTable } from '../../shared/api/cost';
import {
  NEUTRAL_PROFILE,
  baseCostsOf,
  redirectPath,
  taskTypesOf,
  type ServiceProfile,
} from '../../shared/profile';
import { TaskQueue } from '../async/queue';
import { FileStore } from '../engines/files';
import { SyntheticEngines } from '../engines/index';
import type { LatencySpec, SandboxOptions, SandboxStats } from '../types';
import { AccountRegistry } from './accounts';
import { FaultInjector } from './faults';
import { DEFAULT_LATENCY, checkLatency } from './latency';
import { createRng, type Rng } from './prng';
import { SlotPool } from './slots';
import { emptyStats } from './stats';

// Everything one sandbox instance knows: accounts, slots, queue, engines, faults, stats.
// The HTTP layer reads and changes it; the RunningSandbox handle exposes parts of it.

export class SandboxCore {
  readonly clock: () => number;
  readonly accounts: AccountRegistry;
  readonly slots: SlotPool;
  readonly faults: FaultInjector;
  readonly files: FileStore;
  readonly engines: SyntheticEngines;
  readonly queue: TaskQueue;
  readonly rng: Rng;
  readonly seed: number;
  readonly rateLimit: number;
  readonly closing = new AbortController();
  stats: SandboxStats = emptyStats();
  latency: LatencySpec;
  availability: 'spec' | 'all';
  baseUrl = '';
  /** How this sandbox names its engines (paths, taskType tokens, countries models, costs). */
  readonly profile: ServiceProfile;
  readonly redirectPath: string;
  readonly taskTypes: Record<EngineName, string>;
  readonly costTable: CostTable;

  constructor(opts: SandboxOptions) {
    this.profile = opts.profile ?? NEUTRAL_PROFILE;
    this.redirectPath = redirectPath(this.profile);
    this.taskTypes = taskTypesOf(this.profile);
    this.costTable = baseCostsOf(this.profile);
    this.clock = opts.clock ?? Date.now;
    this.seed = opts.seed ?? 1;
    this.rateLimit = opts.rateLimit ?? 1000;
    if (!Number.isFinite(this.rateLimit) || this.rateLimit <= 0)
      throw new Error('rateLimit must be positive');
    this.latency = checkLatency(opts.latencyMs ?? DEFAULT_LATENCY);
    this.availability = opts.available ?? 'spec';
    this.rng = createRng(this.seed ^ 0x1a7e);
    this.accounts = new AccountRegistry(this.clock, this.rateLimit);
    this.slots = new SlotPool(() => this.stats);
    this.faults = new FaultInjector(this.seed, opts.faults);
    this.files = new FileStore(() => this.baseUrl, this.clock);
    this.engines = new SyntheticEngines(
      () => this.seed,
      { files: this.files },
      this.clock,
      opts.driftEvents ?? [],
      opts.positioningEvents ?? [],
      opts.commerceEvents ?? [],
    );
    this.queue = new TaskQueue({
      accounts: this.accounts,
      slots: this.slots,
      stats: () => this.stats,
      faults: this.faults,
      engines: this.engines,
      profile: this.profile,
      costTable: this.costTable,
      latency: () => this.latency,
      rng: this.rng,
      clock: this.clock,
      maxQueueSize: opts.maxQueueSize ?? 100_000,
      workers: opts.asyncWorkers ?? Number.POSITIVE_INFINITY,
      signal: this.closing.signal,
    });
    this.slots.onRelease = () => this.queue.pump();
  }

  isAvailable(engine: EngineName): boolean {
    return this.availability === 'all' || this.profile.engines[engine].availability === 'available';
  }
}
