import { demoHistoryTemplate } from './demo-history';
import { parseDemoNeed } from './demo-needs';

// Builds the demo history templates named on the command line (`7:checked 90:checked:preview`), in that
// order, in a process of its own: the test sequencer (tests/support/demo-sequencer.ts) starts it
// as a run begins, so the templates are built on a core of their own while the workers run other
// files, instead of by a worker while the other workers sit waiting on its lock. A template that
// is already built is skipped (demoHistoryTemplate returns at once); a test that needs a template
// this process has not finished waits on its lock, or takes the lock over if this process died.

const needs = process.argv.slice(2).map(parseDemoNeed);
for (const need of needs) {
  const started = Date.now();
  await demoHistoryTemplate(need.days, need.alerts, need.variant);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`demo template ${need.days}d ${need.alerts} ${need.variant}: ${seconds} s`);
}
