import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { demoNeedsOf, prebuildOrder, queueForRun } from './demo-needs';

// Vitest's order, plus the shared demo histories (docs/internals/testing.md, "Speed").
//
// A 30-day demo template takes most of a minute of CPU to build (the real run engine and ingest,
// day after day). Left to the files, the first file that needs it builds it in its worker while every
// other file that needs it waits on the template's lock in ITS worker: on two cores with three
// workers, one core built and the other sat idle for minutes. So, as a run starts, this sequencer
// (1) starts ONE background process that builds every template the run's files open
// (tests/support/demo-prebuild.ts), on a core of its own, and (2) queues each project's files
// that open a large template (30 days or more) at the end of their project, and the e2e project
// after the shared integration one (queueForRun), so the workers run other files meanwhile and
// reach those once the template is ready. Each project's files stay together: vitest ends a
// shared worker when the next file is of another project. Within a project, vitest's own order
// (BaseSequencer: slowest or largest first).
// PARALLAX_DEMO_PREBUILD=0 turns the background build off (files then build what they need).

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'parallax-demo-histories');

export class DemoAwareSequencer extends BaseSequencer {
  private prebuildStarted = false;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const needs = new Map(sorted.map((spec) => [spec, demoNeedsOf(spec.moduleId)]));
    const queue = queueForRun(
      sorted,
      (spec) => spec.project.name,
      (spec) => needs.get(spec) ?? [],
    );
    // The large ones first (the longest build, on the critical path), then the small ones in the
    // order the queue reaches them (a worker that gets to one first builds it itself, under its lock).
    const wanted = queue.flatMap((spec) => needs.get(spec) ?? []);
    this.startPrebuild(prebuildOrder(wanted));
    return queue;
  }

  /** One background build of every template the run opens (once per vitest process). */
  private startPrebuild(args: string[]): void {
    if (this.prebuildStarted || args.length === 0 || process.env['PARALLAX_DEMO_PREBUILD'] === '0') return;
    this.prebuildStarted = true;
    mkdirSync(CACHE_DIR, { recursive: true });
    const log = openSync(join(CACHE_DIR, 'prebuild.log'), 'a');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tests', 'support', 'demo-prebuild.ts'), ...args],
      { cwd: ROOT, stdio: ['ignore', log, log] },
    );
    child.unref();
    // A run that ends first (a filter, a bail) leaves no build behind: a template half built is
    // in a temp folder of its own, and its lock, whose owner is gone, is taken over next time.
    process.once('exit', () => child.kill());
  }
}
