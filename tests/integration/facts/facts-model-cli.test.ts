import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactsService } from '../../../src/core/analysis';
import { normalizeResult } from '../../../src/shared/api/normalize';
import type { FactsPayload } from '../../../src/shared/facts/model-contract';
import { runCliToEndInProcess } from '../../support/cli-in-process';
import { startModelStandIn, type ModelStandIn } from '../../support/model-stand-in';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// `parallax facts check --model` through the CLI on a real history file, a local stand-in of the
// provider's HTTP API playing the model: an estimate above the budget refused before any call,
// the check run (the refund policy only the model reads, judged), the figures of `parallax facts
// --json` counting the model's verdicts and saying who judged, and a second run paid by nothing.

const SHEET = `facts:
  - { key: founded, kind: year, value: 2014 }
  - { key: refund-policy, kind: text, value: "30-day money-back guarantee", words: [refund] }
`;
const ANSWERS = [
  'Keyfort offers a 30-day money-back guarantee if you are not happy.',
  'Keyfort only refunds within 7 days.',
];

const tmp = tempFolder();
let model: ModelStandIn;
let db = '';

beforeAll(async () => {
  model = await startModelStandIn({
    reply: (user) => {
      const payload = JSON.parse(user) as FactsPayload;
      const checks = payload.facts.map((f) =>
        f.kind !== 'text'
          ? { id: f.id, verdict: 'not-addressed', evidence: '' }
          : payload.answer.includes('money-back')
            ? { id: f.id, verdict: 'supported', evidence: 'a 30-day money-back guarantee' }
            : { id: f.id, verdict: 'contradicted', evidence: 'only refunds within 7 days' },
      );
      return { json: { checks } };
    },
  });
  db = tmp.file('facts.db');
  const store = openTemp(db);
  store.saveBrand({ name: 'Keyfort', kind: 'brand', aliases: [], domains: [] });
  const { jobs } = newRun(store, { prompts: ['a', 'b'], engines: ['assistant-a'], countries: ['US'] });
  store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: { text: ANSWERS[job.promptIndex] as string, sources: [] } };
      return {
        jobId: job.id,
        raw,
        fetchedAt: Date.now() - 60_000,
        normalized: normalizeResult(job.engine, raw),
      };
    }),
  );
  createFactsService({ store }).setSheet('Keyfort', SHEET, 'yaml');
  store.close();
});
afterAll(async () => {
  await model.close();
  tmp.cleanup();
});

const cli = (args: string[]) =>
  runCliToEndInProcess(args, { userDataDir: tmp.dir, extra: { PARALLAX_JUDGE_API_KEY: 'sk-stand-in' } });
const calls = (): number => model.requests['/v1/chat/completions'] ?? 0;
const judgeSet = (budget: string) =>
  cli([
    'judge',
    'set',
    '--no-key',
    '--provider',
    'openai-compatible',
    '--model',
    'stand-in',
    '--base-url',
    `${model.baseUrl}/v1`,
    '--price-in',
    '2',
    '--price-out',
    '4',
    '--budget',
    budget,
  ]);

describe('parallax facts check --model', () => {
  it(
    'refuses an estimate above the budget, checks within it, and pays nothing twice',
    { timeout: 120_000 },
    async () => {
      expect((await judgeSet('0.0001')).code).toBe(0);
      const refused = await cli(['facts', 'check', '--model', '--json', '--db', db]);
      expect(refused.code).toBe(1);
      const r = JSON.parse(refused.stdout) as {
        outcome: string;
        estimate: { answersToSend: number; facts: number };
      };
      expect(r.outcome).toBe('refused');
      expect(r.estimate).toMatchObject({ answersToSend: 2, facts: 4 });
      expect(calls()).toBe(0);

      expect((await judgeSet('5')).code).toBe(0);
      const checked = await cli(['facts', 'check', '--model', '--yes', '--json', '--db', db]);
      expect(checked.stderr).toContain(
        'Checking the facts of 2 stored answers with model:openai-compatible:stand-in',
      );
      expect(checked.code).toBe(0);
      const c = JSON.parse(checked.stdout) as {
        outcome: string;
        done: number;
        usage: { calls: number; judgedFacts: number };
      };
      expect(c).toMatchObject({ outcome: 'finished', done: 2, usage: { calls: 2, judgedFacts: 4 } });
      expect(calls()).toBe(2);

      const figures = await cli(['facts', '--json', '--db', db]);
      const f = JSON.parse(figures.stdout) as {
        brands: { facts: { key: string; supported: number; contradicted: number; byModel: number }[] }[];
        judgedBy: { checker: number; models: { judge: string; verdicts: number }[] };
      };
      expect(f.brands[0]?.facts.find((x) => x.key === 'refund-policy')).toMatchObject({
        supported: 1,
        contradicted: 1,
        byModel: 2,
      });
      expect(f.judgedBy).toEqual({
        checker: 0,
        models: [{ judge: 'model:openai-compatible:stand-in', verdicts: 2 }],
      });

      const again = await cli(['facts', 'check', '--model', '--yes', '--db', db]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('0 of 0 answers judged');
      expect(calls()).toBe(2);
    },
  );
});
