import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';
import { bingCsv, ga4Csv, gscZip, type Ga4Line } from './exports';

// `parallax outcomes import ga4|gsc|bing` into a temp history file, then `outcomes status` and
// `outcomes traffic` read back against a count by hand: only AI referrers kept and mapped to the
// service's engines, a bad row named and skipped, a re-import adding nothing, a day-level row in
// its Monday-to-Sunday week.

let dir = '';
let db = '';
const parallax = (args: string[]): Promise<InProcessOutcome> => runCliAt([...args, '--db', db], dir);

async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

const GA4: Ga4Line[] = [
  {
    date: '20261102',
    sourceMedium: 'chatgpt.com / referral',
    landing: '/pricing',
    sessions: '1,200',
    keyEvents: '30',
  },
  {
    date: '20261103',
    sourceMedium: 'chatgpt.com / (not set)',
    landing: '/pricing',
    sessions: '10',
    keyEvents: '1.00',
  },
  {
    date: '20261104',
    sourceMedium: 'perplexity.ai / referral',
    landing: '/blog/crm',
    sessions: '7',
    keyEvents: '0',
  },
  {
    date: '20261110',
    sourceMedium: 'chat.openai.com / referral',
    landing: '/pricing',
    sessions: '5',
    keyEvents: '2',
  },
  { date: '20261110', sourceMedium: 'claude.ai / referral', landing: '/', sessions: '3', keyEvents: '0' },
  { date: '20261110', sourceMedium: 'google / organic', landing: '/', sessions: '900', keyEvents: '40' },
  {
    date: '20261111',
    sourceMedium: 'gemini.google.com / referral',
    landing: '/pricing',
    sessions: 'many',
    keyEvents: '0',
  },
];

interface ImportJson {
  kind: string;
  site: string;
  period: { from: string; to: string } | null;
  tables: Record<string, { added: number; replaced: number; superseded: number }>;
  notAi: number;
  ignored: string[];
  errors: Array<{ file: string; line: number; field: string; message: string }>;
}

interface TrafficJson {
  rows: Array<{
    from: string;
    to: string;
    week: boolean;
    referrer: string;
    engine: string | null;
    landingPage: string;
    sessions: number;
    keyEvents: number;
  }>;
  engines: Array<{
    referrer: string;
    engine: string | null;
    sessions: number;
    keyEvents: number;
    pages: number;
  }>;
  caveats: string[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-outcomes-'));
  db = join(dir, 'history.db');
  writeFileSync(join(dir, 'ga4.csv'), ga4Csv(GA4));
  writeFileSync(
    join(dir, 'gsc.zip'),
    await gscZip([
      ['how to pick a crm', 3, 400],
      ['acme login', 9, 900],
    ]),
  );
  writeFileSync(
    join(dir, 'bing.csv'),
    bingCsv([
      ['2026-11-20', 'best crm for startups', 4],
      ['2026-11-21', 'best crm for startups', 2],
    ]),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax outcomes import', () => {
  it('keeps the AI-referred GA4 rows, names the bad row and skips it', async () => {
    const out = await json<ImportJson>(['outcomes', 'import', 'ga4', join(dir, 'ga4.csv')]);
    expect(out.site).toBe('Acme web');
    expect(out.period).toEqual({ from: '2026-11-02', to: '2026-11-15' });
    expect(out.tables.traffic).toEqual({ added: 5, replaced: 0, superseded: 0 });
    expect(out.notAi).toBe(1);
    expect(out.errors).toEqual([
      { file: 'ga4.csv', line: 16, field: 'sessions', message: '"many" is not a count' },
    ]);
  });

  it('adds nothing twice when the same export is imported again', async () => {
    const again = await json<ImportJson>(['outcomes', 'import', 'ga4', join(dir, 'ga4.csv')]);
    expect(again.tables.traffic).toEqual({ added: 0, replaced: 5, superseded: 0 });
    const text = await parallax(['outcomes', 'import', 'ga4', join(dir, 'ga4.csv')]);
    expect(text.stderr).toContain('ga4.csv line 16: sessions "many" is not a count (skipped)');
  });

  it('gives referred sessions per engine, landing page and week as counted by hand', async () => {
    const t = await json<TrafficJson>(['outcomes', 'traffic']);
    // Week of Mon 2026-11-02: ChatGPT /pricing 1200 + 10 sessions, 30 + 1 key events; Perplexity /blog/crm 7.
    // Week of Mon 2026-11-09: ChatGPT (chat.openai.com) /pricing 5; Claude / 3 (no engine of the service).
    expect(t.rows).toEqual([
      {
        from: '2026-11-02',
        to: '2026-11-08',
        week: true,
        referrer: 'chatgpt',
        label: 'ChatGPT',
        engine: 'assistant-a',
        landingPage: '/pricing',
        sessions: 1210,
        keyEvents: 31,
      },
      {
        from: '2026-11-02',
        to: '2026-11-08',
        week: true,
        referrer: 'perplexity',
        label: 'Perplexity',
        engine: 'assistant-b',
        landingPage: '/blog/crm',
        sessions: 7,
        keyEvents: 0,
      },
      {
        from: '2026-11-09',
        to: '2026-11-15',
        week: true,
        referrer: 'chatgpt',
        label: 'ChatGPT',
        engine: 'assistant-a',
        landingPage: '/pricing',
        sessions: 5,
        keyEvents: 2,
      },
      {
        from: '2026-11-09',
        to: '2026-11-15',
        week: true,
        referrer: 'claude',
        label: 'Claude',
        engine: null,
        landingPage: '/',
        sessions: 3,
        keyEvents: 0,
      },
    ]);
    expect(t.engines.map((e) => [e.referrer, e.sessions, e.pages])).toEqual([
      ['chatgpt', 1215, 1],
      ['perplexity', 7, 1],
      ['claude', 3, 1],
    ]);
    expect(t.caveats.join(' ')).toMatch(/undercounted.*correlation, not a cause/);
  });

  it('reads the Search Console zip: queries and pages over the Dates range, other tables left', async () => {
    const out = await json<ImportJson>([
      'outcomes',
      'import',
      'gsc',
      join(dir, 'gsc.zip'),
      '--site',
      'sc-domain:acme.test',
    ]);
    expect(out.period).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(out.tables).toEqual({
      queries: { added: 2, replaced: 0, superseded: 0 },
      pages: { added: 1, replaced: 0, superseded: 0 },
    });
    expect(out.ignored.sort()).toEqual(['Countries.csv', 'Filters.csv']);
    const again = await json<ImportJson>([
      'outcomes',
      'import',
      'gsc',
      join(dir, 'gsc.zip'),
      '--site',
      'sc-domain:acme.test',
    ]);
    expect(again.tables.queries).toEqual({ added: 0, replaced: 2, superseded: 0 });
  });

  it("reads Bing's grounding queries per date", async () => {
    const out = await json<ImportJson>(['outcomes', 'import', 'bing', join(dir, 'bing.csv')]);
    expect(out.tables).toEqual({ queries: { added: 2, replaced: 0, superseded: 0 } });
  });

  it('reports a file it cannot read as bad input (exit 2), naming the header it lacks', async () => {
    writeFileSync(join(dir, 'wrong.csv'), 'Country,Users\nGermany,3\n');
    const out = await parallax(['outcomes', 'import', 'ga4', join(dir, 'wrong.csv')]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('no "Session source / medium"');
  });

  it('says what is stored in status', async () => {
    const s = await json<{
      catalogueDate: string;
      holdings: Array<{
        origin: string;
        table: string;
        rows: number;
        from: string | null;
        to: string | null;
      }>;
    }>(['outcomes', 'status']);
    expect(s.catalogueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.holdings.map((h) => [h.origin, h.table, h.rows, h.from, h.to])).toEqual([
      ['bing', 'queries', 2, '2026-11-20', '2026-11-21'],
      ['ga4', 'traffic', 5, '2026-11-02', '2026-11-10'],
      ['gsc', 'pages', 1, '2026-11-01', '2026-11-28'],
      ['gsc', 'queries', 2, '2026-11-01', '2026-11-28'],
    ]);
  });
});
