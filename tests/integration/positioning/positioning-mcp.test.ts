import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPositioningService } from '../../../src/core/positioning/positioning';
import { openHistory } from '../../../src/core/history';
import type { PositioningSummary } from '../../../src/shared/positioning/view-types';
import { dataOf, startMcp, textOf, type McpSession } from '../mcp/mcp-client';
import { newRun, openTemp, tempFolder } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';

// The MCP tool brand_positioning through `parallax mcp` (the real bin, the SDK's client over
// stdio): text and structured content, the same numbers as the positioning service for the same
// input, and the channel's schema refusing bad input.

const tmp = tempFolder();
let db = '';
let mcp: McpSession;
const AT = Date.now() - 2 * 86_400_000;

beforeAll(async () => {
  db = tmp.file('mcp.db');
  const store = openTemp(db);
  for (const b of BRANDS) store.saveBrand(b);
  const run = newRun(store, {
    prompts: ['p1', 'p2', 'p3'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
  });
  storeAnswers(store, run.jobs, AT);
  store.close();
  mcp = await startMcp({ userDataDir: tmp.dir, args: ['--db', db] });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  tmp.cleanup();
});

describe('brand_positioning', () => {
  it("answers with the focus brand's and every brand's positioning, the service's own numbers", async () => {
    const reply = await mcp.call('brand_positioning', { period: { days: 7 }, attributeLimit: 2 });
    expect(reply.isError).toBeFalsy();
    const text = textOf(reply);
    expect(text).toMatch(/Focus brand Veloxa:/);
    expect(text).toMatch(/Recommendation rate \(top pick or recommended, of \d+ answers naming it\): \d/);
    expect(text).toContain('Net sentiment');
    // The agent is told how far the built-in judge's readings can be trusted, as the app says it.
    expect(text).toMatch(
      /^The built-in judge reads whether a brand is recommended .* for \d+ % \(\d+–\d+ %\) of the brands .* of them\.$/m,
    );
    const data = dataOf(reply) as unknown as PositioningSummary & { judgeAgreement: { note: string } | null };
    expect(text).toContain(data.judgeAgreement?.note);
    const store = openHistory({ path: db, readonly: true });
    try {
      const service = createPositioningService({ store, now: Date.now, activeJudge: () => 'builtin' });
      const same = service.summary({ scope: { kind: 'all' }, period: { days: 7 }, attributeLimit: 2 });
      expect(data.leaderboard).toEqual(JSON.parse(JSON.stringify(same.leaderboard)));
      expect(data.kpis?.n).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });

  it('refuses input its schema does not allow', async () => {
    const bad = await mcp.call('brand_positioning', { period: { days: 0 } });
    expect(bad.isError).toBe(true);
    const brand = await mcp.call('brand_positioning', { brandId: 'no-such-brand' });
    expect(brand.isError).toBe(true);
    expect(textOf(brand)).toContain('No brand with id no-such-brand');
  });
});
