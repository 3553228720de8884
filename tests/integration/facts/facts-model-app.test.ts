import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { createFactsService } from '../../../src/core/analysis';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { normalizeResult } from '../../../src/shared/api/normalize';
import type { FactsFigures } from '../../../src/shared/facts';
import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../../src/shared/facts/model-check';
import type { FactsPayload } from '../../../src/shared/facts/model-contract';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { startModelStandIn, type ModelStandIn } from '../../support/model-stand-in';
import { createTestCore } from '../../support/test-core';
import { newRun } from '../store/helpers';

// The Facts panel's check with the model judge over the app's IPC router and the real core, a
// local stand-in of the provider's API playing the model: no judge set is refused by name; the
// estimate sends nothing; start runs in main's background with 'facts.modelCheck' events to its
// end, the key taken from the keychain; the figures then count the model's verdicts.

const SHEET = `facts:
  - { key: refund-policy, kind: text, value: "30-day money-back guarantee" }
`;
const TEXTS = [
  'Veloxa offers a 30-day money-back guarantee.',
  'Veloxa refunds nothing after 3 days.',
  'Veloxa is fine.',
];

let dir = '';
let core: Core;
let model: ModelStandIn;
const events: FactsModelCheckStatus[] = [];
const keys = createMemorySecretStore();

async function value<T>(channel: string, payload: unknown = {}): Promise<T> {
  const result = await core.router.invoke(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

function ended(): Promise<FactsModelCheckStatus> {
  return new Promise((resolve) => {
    const off = core.events.subscribe((event, payload) => {
      if (event !== 'facts.modelCheck' || (payload as FactsModelCheckStatus).phase === 'running') return;
      off();
      resolve(payload as FactsModelCheckStatus);
    });
  });
}

beforeAll(async () => {
  model = await startModelStandIn({
    reply: (user) => {
      const p = JSON.parse(user) as FactsPayload;
      return {
        json: {
          checks: p.facts.map((f) =>
            p.answer.includes('money-back')
              ? { id: f.id, verdict: 'supported', evidence: '30-day money-back guarantee' }
              : p.answer.includes('refunds nothing')
                ? { id: f.id, verdict: 'contradicted', evidence: 'refunds nothing after 3 days' }
                : { id: f.id, verdict: 'not-addressed', evidence: '' },
          ),
        },
      };
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-facts-model-app-'));
  core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), { judgeKeys: keys });
  core.events.subscribe((event, payload) => {
    if (event === 'facts.modelCheck') events.push(payload as FactsModelCheckStatus);
  });
  core.store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
  const { jobs } = newRun(core.store, {
    prompts: ['a', 'b', 'c'],
    engines: ['assistant-a'],
    countries: ['US'],
  });
  core.store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: { text: TEXTS[job.promptIndex] as string, sources: [] } };
      return {
        jobId: job.id,
        raw,
        fetchedAt: Date.now() - 60_000,
        normalized: normalizeResult(job.engine, raw),
      };
    }),
  );
  const facts = createFactsService({ store: core.store });
  facts.setSheet('Veloxa', SHEET, 'yaml');
  facts.recheck();
});
afterAll(async () => {
  await core?.close();
  await model?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Facts panel’s check with the model judge, through the app core', () => {
  it('refuses without a judge, estimates without sending, then runs to its end in the background', async () => {
    const none = await core.router.invoke('facts.modelCheck.estimate', {});
    expect(none).toMatchObject({ ok: false, error: { code: 'JUDGE_NOT_SET' } });

    await value('judge.set', {
      config: {
        provider: 'openai-compatible',
        model: 'stand-in',
        baseUrl: `${model.baseUrl}/v1`,
        apiVersion: null,
        priceIn: 1,
        priceOut: 1,
        budget: 1,
        concurrency: 2,
      },
      key: 'sk-stand-in-key',
    });
    const estimate = await value<FactsCheckEstimate>('facts.modelCheck.estimate', { days: 7 });
    expect(estimate).toMatchObject({ answers: 3, answersToSend: 3, facts: 3, budget: 1, overBudget: null });
    expect(model.requests['/v1/chat/completions'] ?? 0).toBe(0);

    const end = ended();
    const started = await value<FactsModelCheckStatus>('facts.modelCheck.start', { days: 7 });
    expect(started).toMatchObject({ phase: 'running', judge: 'model:openai-compatible:stand-in', total: 3 });
    const last = await end;
    expect(last).toMatchObject({ phase: 'finished', done: 3, total: 3, usage: { calls: 3, judgedFacts: 3 } });
    expect(events.filter((e) => e.phase === 'running').length).toBeGreaterThanOrEqual(2);
    expect(model.requests['/v1/chat/completions']).toBe(3);
    expect(await value<FactsModelCheckStatus>('facts.modelCheck.status')).toEqual(last);

    const figures = await value<FactsFigures>('facts.figures', { days: 30 });
    expect(figures.brands[0]?.facts).toEqual([
      { key: 'refund-policy', supported: 1, contradicted: 1, notAddressed: 1, byModel: 2 },
    ]);
    expect(figures.judgedBy.models).toEqual([{ judge: 'model:openai-compatible:stand-in', verdicts: 2 }]);
    // The key reached the provider from the keychain, and no event carried it.
    expect(JSON.stringify(events)).not.toContain('sk-stand-in-key');
  });
});
