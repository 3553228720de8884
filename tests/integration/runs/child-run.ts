// Child process of the resume test: starts a run against the sandbox whose URL and key it is
// given, in the given history file, prints the run id, then runs until it is killed.
import { createApiClient } from '../../../src/core/runs/api';
import { openHistory } from '../../../src/core/history';
import { createRunEngine } from '../../../src/core/runs/engine';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';

const [baseUrl, apiKey, dbPath, mode] = process.argv.slice(2) as [string, string, string, 'sync' | 'async'];
const store = openHistory({ path: dbPath });
const client = createApiClient({ baseUrl, apiKey });
const engine = createRunEngine({
  store,
  client,
  now: Date.now,
  plan: () => 'Lite',
  pollIntervalMs: { min: 20, max: 100 },
  onJob: (e) => {
    if (e.state === 'succeeded') process.stdout.write(`done ${e.jobId}\n`);
  },
});
const spec = runSpecSchema.parse({
  prompts: Array.from({ length: 20 }, (_, i) => `resume prompt ${i}`),
  engines: ['assistant-a'],
  countries: ['US', 'DE'],
  mode,
});
const { runId } = await engine.start(spec, { keyLabel: 'sandbox', sandbox: true, baseUrl });
process.stdout.write(`run ${runId}\n`);
await engine.wait(runId);
process.stdout.write('finished\n');
