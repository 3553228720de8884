import { join } from 'node:path';
import { demoHistoryTemplate } from './demo-history';
import { parseDemoNeed, prebuildOrder, suiteDemoNeeds } from './demo-needs';

// Builds the demo history templates named on the command line (`7:checked 90:checked:preview`), in that
// order, in a process of its own: the test sequencer (tests/support/demo-sequencer.ts) starts it
// as a run begins, so the templates are built on a core of their own while the workers run other
// files, instead of by a worker while the other workers sit waiting on its lock. A template that
// is already built is skipped (demoHistoryTemplate returns at once); a test that needs a template
// this process has not finished waits on its lock, or takes the lock over if this process died.
// `--all` builds every template the test files open, in the sequencer's order: .ci/run starts it
// beside lint, typecheck and the build, so `npm test` finds them built (or being built).

const args = process.argv.slice(2);
const keys = args[0] === '--all' ? prebuildOrder(suiteDemoNeeds(join(import.meta.dirname, '..'))) : args;
const needs = keys.map(parseDemoNeed);
for (const need of needs) {
  const started = Date.now();
  await demoHistoryTemplate(need.days, need.alerts, need.variant);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`demo template ${need.days}d ${need.alerts} ${need.variant}: ${seconds} s`);
}
