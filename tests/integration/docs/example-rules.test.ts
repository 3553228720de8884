import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from './example-data';
import { BIN_EXAMPLES, inProcessArgv, shellWords } from './example-in-process';
import { resolveCommand, subcommandOf, USAGE_ERROR } from './example-run';
import { commentStart, examplesOf, parseMarkers, type Example } from './examples';
import type { DocPage } from './markdown';
import type { World } from './example-world';

// The rules the examples test reads the docs by (docs/internals/testing.md#the-docs-tests), on
// hand-written fences: which lines are examples, the exit code a comment promises, the fence
// markers, and what the test changes in a line before running it.

function page(fences: Array<{ lang: string; meta?: string; value: string }>): DocPage {
  return {
    path: 'docs/x.md',
    text: '',
    root: { type: 'root', children: [] },
    links: [],
    headings: [],
    fences: fences.map((f, i) => ({
      lang: f.lang,
      meta: f.meta ?? null,
      value: f.value,
      line: 10 * (i + 1),
    })),
  };
}

const world: Pick<World, 'placeholders' | 'sandbox' | 'webhookUrl'> = {
  placeholders: {
    alertId: 'alert-1',
    runId: 'run-1',
    pausedRunId: 'paused-1',
    resultId: 'result-1',
    monitorId: 'monitor-1',
    redirectLink: 'https://www.search.example/goto?url=x',
    suggestionId: 'suggestion-1',
  },
  sandbox: { baseUrl: 'http://127.0.0.1:1' } as World['sandbox'],
  webhookUrl: 'http://127.0.0.1:2/hook',
};

const example = (command: string): Example => ({
  page: 'docs/x.md',
  line: 1,
  command,
  expectedCode: 0,
  history: 'demo',
});

describe('which lines are examples', () => {
  it('takes parallax lines of shell fences, with their line, exit promise and history', () => {
    const { examples, skipped } = examplesOf(
      page([
        {
          lang: 'sh',
          value: [
            'npm install',
            'npx parallax history   # the runs',
            'npx parallax monitors run --fail-on-alert   # exit 3 when an alert fired',
            'printf %s "$K" | npx parallax key set',
            'npx parallax report --monitor "A # not a comment" \\',
            '  --out r.html',
          ].join('\n'),
        },
        { lang: 'text', value: '0 * * * * npx parallax monitors run' },
        { lang: 'sh', meta: 'history=empty', value: 'parallax demo' },
        { lang: 'sh', meta: 'needs=keychain', value: 'npx parallax key delete' },
      ]),
    );
    expect(examples.map((e) => [e.line, e.command, e.expectedCode, e.history])).toEqual([
      [12, 'npx parallax history', 0, 'demo'],
      [13, 'npx parallax monitors run --fail-on-alert', 3, 'demo'],
      [14, 'printf %s "$K" | npx parallax key set', 0, 'demo'],
      [15, 'npx parallax report --monitor "A # not a comment"    --out r.html', 0, 'demo'],
      [31, 'parallax demo', 0, 'empty'],
    ]);
    expect(skipped).toEqual([
      expect.objectContaining({
        line: 40,
        commands: ['npx parallax key delete'],
        reason: expect.stringMatching(/keychain/),
      }),
    ]);
  });

  it('refuses an unknown marker, so a typo never disables a fence', () => {
    expect(() => parseMarkers('needs=keychian', 'x.md:1')).toThrow(/unknown fence marker "needs=keychian"/);
    expect(() => parseMarkers('skip', 'x.md:1')).toThrow(/unknown fence marker/);
    expect(parseMarkers('history=empty needs=postgres', 'x.md:1')).toEqual({
      needs: 'postgres',
      history: 'empty',
    });
  });

  it('finds a comment only outside quotes and after a space', () => {
    expect(commentStart('parallax search "a # b" # find')).toBe(24);
    expect(commentStart("parallax x 'a#b'")).toBe(-1);
    expect(commentStart('parallax x --url http://h/#frag')).toBe(-1);
  });
});

describe('what the test changes in a line', () => {
  it('runs the shim, points at the sandbox and the receiver, and fills placeholders', () => {
    expect(resolveCommand(example('npx parallax show RUN_ID --json'), world)).toBe(
      'parallax show run-1 --json',
    );
    expect(resolveCommand(example('npx parallax resume RUN_ID'), world)).toBe('parallax resume paused-1');
    expect(resolveCommand(example('npx parallax key set --base-url https://api.example.com'), world)).toBe(
      'parallax key set --base-url http://127.0.0.1:1',
    );
    expect(
      resolveCommand(
        example('npx parallax monitors options MONITOR_ID --webhook https://hooks.x/y --webhook-wait 3'),
        world,
      ),
    ).toBe('parallax monitors options monitor-1 --webhook http://127.0.0.1:2/hook --webhook-wait 3');
    expect(resolveCommand(example('npx parallax alerts read ALERT_ID'), world)).toBe(
      'parallax alerts read alert-1',
    );
    expect(() => resolveCommand(example('npx parallax show TEAM_ID'), world)).toThrow(
      /unknown placeholder TEAM_ID/,
    );
  });

  it('builds a 1-day demo whatever --days says, and leaves --status and --delete alone', () => {
    expect(resolveCommand(example('npx parallax demo --days 90'), world)).toBe('parallax demo --days 1');
    expect(resolveCommand(example('npx parallax demo'), world)).toBe('parallax demo --days 1');
    expect(resolveCommand(example('npx parallax demo --status --json'), world)).toBe(
      'parallax demo --status --json',
    );
  });

  it('finds the command word behind global options, and usage errors in output', () => {
    expect(subcommandOf('parallax --profile a.json sandbox --port 0')).toBe('sandbox');
    expect(subcommandOf('printf x | parallax --json mcp')).toBe('mcp');
    expect("error: unknown option '--unred'").toMatch(USAGE_ERROR);
    expect("error: missing required argument 'run'").toMatch(USAGE_ERROR);
    expect('Unknown run abc: see parallax history').not.toMatch(USAGE_ERROR);
  });
});

describe('which examples run in-process', () => {
  it('splits a line into words as sh does, or gives it to sh when it needs more', () => {
    expect(shellWords(`parallax report --monitor "Demo · Buying guides" --accent '#0a7'`, '/h')).toEqual([
      'report',
      '--monitor',
      'Demo · Buying guides',
      '--accent',
      '#0a7',
    ]);
    expect(shellWords('parallax monitors options m --report-dir ~/reports', '/h')).toEqual([
      'monitors',
      'options',
      'm',
      '--report-dir',
      '/h/reports',
    ]);
    expect(shellWords('parallax add --cadence "0 8 * * 1" --x a~b', '/h')).toEqual([
      'add',
      '--cadence',
      '0 8 * * 1',
      '--x',
      'a~b',
    ]);
    for (const line of [
      'parallax history | head',
      'parallax history > out.txt',
      'parallax show $RUN',
      'parallax search "$Q"',
      'parallax search runni*',
      'parallax history && parallax show x',
      'PARALLAX_X=1 parallax history',
    ])
      expect(shellWords(line, '/h'), line).toBeNull();
  });

  it('keeps a child for what is about the process, and for the bin examples', () => {
    const argv = (written: string, resolved = written.replace(/^npx\s+/, '')) =>
      inProcessArgv(written, resolved, subcommandOf(resolved), '/h');
    expect(argv('npx parallax visibility --since 30d')).toEqual(['visibility', '--since', '30d']);
    expect(argv('npx parallax sandbox --port 0')).toBeNull();
    expect(argv('npx parallax --profile a.json sandbox --port 0')).toBeNull();
    expect(argv('npx parallax mcp --sandbox')).toBeNull();
    for (const line of BIN_EXAMPLES) expect(argv(line)).toBeNull();
  });
});

describe('the data folder the in-process examples share', () => {
  it('is put back from its source after an example changed it, never after one that only read it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-example-data-'));
    try {
      const source = join(dir, 'source');
      mkdirSync(join(source, 'workspaces'), { recursive: true });
      writeFileSync(join(source, 'parallax.db'), 'history');
      writeFileSync(join(source, 'config.json'), '{}');
      const shared = sharedDataDir(source, join(dir, 'shared'));
      const read = (at: string): string => readFileSync(join(at, 'parallax.db'), 'utf8');

      expect(await shared.use(async (at) => read(at))).toBe('history');
      expect(shared.recopies).toBe(0);
      await shared.use(async (at) => writeFileSync(join(at, 'parallax.db'), 'changed'));
      expect(await shared.use(async (at) => read(at))).toBe('history');
      // A new file, a new folder, a file gone: each is a change.
      await shared.use(async (at) => writeFileSync(join(at, 'parallax.db-wal'), ''));
      await shared.use(async (at) => mkdirSync(join(at, 'backups')));
      await shared.use(async (at) => rmSync(join(at, 'config.json')));
      expect(shared.recopies).toBe(4);
      await shared.use(async (at) => {
        expect(readFileSync(join(at, 'config.json'), 'utf8')).toBe('{}');
        expect(read(at)).toBe('history');
      });
      // A task that throws still leaves the folder as the source has it.
      await expect(
        shared.use(async (at) => {
          writeFileSync(join(at, 'parallax.db'), 'half');
          throw new Error('failed');
        }),
      ).rejects.toThrow('failed');
      expect(await shared.use(async (at) => read(at))).toBe('history');
      expect(shared.recopies).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
