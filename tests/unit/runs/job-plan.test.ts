import { describe, expect, it } from 'vitest';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import {
  buildEngineRequest,
  cellTemplates,
  jobCount,
  planJobs,
  runMaxCredits,
  specFieldErrors,
} from '../../../src/core/runs/engine/job-plan';
import { parsePromptFile } from '../../../src/core/runs/engine/prompt-file';
import { parseCadence, nextDueAt } from '../../../src/core/runs/engine/cadence';

const spec = (input: Parameters<typeof runSpecSchema.parse>[0]) => runSpecSchema.parse(input);

describe('job planning', () => {
  it('expands prompts × engines × locations × repeats and prices each cell from the cost model', () => {
    const s = spec({
      prompts: ['a', 'b'],
      engines: ['assistant-a', 'search'],
      countries: ['US', 'DE'],
      states: ['CA'],
      repeats: 2,
      engineOptions: { 'assistant-a': { include: { ads: true, html: true } } },
    });
    const templates = cellTemplates(s);
    expect(jobCount(s)).toBe(2 * 2 * 3 * 2);
    expect(planJobs(s, templates)).toHaveLength(24);
    // search cannot target a state: a named field error, not a silent drop.
    expect(specFieldErrors(templates)).toEqual([
      { field: 'search.state', message: expect.stringContaining('cannot target a US state') },
    ]);
    // assistant-a: 5 + 2 (ads) per country; + 2 more for the state.
    const a = templates.filter((t) => t.engine === 'assistant-a').map((t) => t.maxCredits);
    expect(a).toEqual([7, 7, 9]);
    expect(runMaxCredits(spec({ ...s, engines: ['assistant-a'] }))).toBe((7 + 7 + 9) * 2 * 2);
  });

  it('builds each engine its own body: query for search engines, state only with US', () => {
    expect(
      buildEngineRequest(
        'search',
        'q',
        { country: 'DE', state: null },
        { pages: 2, include: { aioverview: true, markdown: true } },
      ),
    ).toEqual({
      query: 'q',
      country: 'DE',
      pages: 2,
      include: { aioverview: { markdown: true } },
    });
    expect(buildEngineRequest('assistant-b', 'p', { country: 'US', state: 'NY' })).toEqual({
      prompt: 'p',
      country: 'US',
      state: 'NY',
    });
  });

  it('names options an engine does not take', () => {
    const s = spec({
      prompts: ['a'],
      engines: ['assistant-b'],
      countries: ['US'],
      engineOptions: { 'assistant-b': { include: { ads: true } } },
    });
    expect(specFieldErrors(cellTemplates(s))[0]?.field).toBe('assistant-b.include.ads');
  });
});

describe('prompt files', () => {
  it('reads TXT one per line and CSV by its prompt column', () => {
    expect(parsePromptFile('\uFEFFfirst\r\n\n second \n', 'p.txt')).toEqual({
      ok: true,
      prompts: ['first', 'second'],
    });
    expect(parsePromptFile('id,Prompt\n1,"a, with comma"\n2,"multi\nline"\n3,\n', 'p.csv')).toEqual({
      ok: true,
      prompts: ['a, with comma', 'multi\nline'],
    });
    const bad = parsePromptFile('id,text\n1,x\n', 'p.csv');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toContain('"id", "text"');
  });
});

describe('cadence', () => {
  it('accepts daily, weekly and cron; refuses anything else', () => {
    expect(parseCadence('weekly')).toEqual({ ok: true, cadence: 'weekly' });
    expect(parseCadence('*/15 * * * *').ok).toBe(true);
    expect(parseCadence('sometimes').ok).toBe(false);
    const t = Date.UTC(2026, 0, 1, 12, 7);
    expect(nextDueAt('*/15 * * * *', t)).toBe(Date.UTC(2026, 0, 1, 12, 15));
    expect(nextDueAt('weekly', t)).toBe(t + 7 * 86_400_000);
  });
});
