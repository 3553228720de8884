import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshBuiltCli } from '../../../bin/built-cli.mjs';
import { buildCli } from '../../../scripts/build-cli.mjs';
import { runCli } from '../../../src/cli/program';

// The bundled CLI (scripts/build-cli.mjs) of the sources as they are now, run as a child process
// the way bin/parallax.mjs runs it: help, a sandbox run, history, show, an XLSX export (ExcelJS
// stays outside the bundle), and an unknown command. The bundle is the one bin/parallax.mjs runs
// (out/cli) when bin/built-cli.mjs finds it current, as it is after `npm ci` or `npm run build`:
// building another copy was about 12 s of CPU, the bundler's, and tested nothing more. When the
// sources changed since that build, the test bundles them into a folder of its own (never the
// shared out/cli, which another build may be rewriting).

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The test's own bundle, when out/cli was not current; removed after the file. */
let outDir: string | null = null;
let entry: string;
let dataDir: string;

interface Out {
  code: number;
  stdout: string;
  stderr: string;
}

function runBuilt(args: string[]): Promise<Out> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { ...process.env, PARALLAX_USER_DATA_DIR: dataDir, PARALLAX_API_KEY: '' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err && typeof err.code === 'number' ? err.code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The root help of the full program (every command module loaded), in this process. */
async function sourceHelp(): Promise<string> {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  await runCli(['--help'], { stdout: sink, stderr: sink, stdin: process.stdin, env: {}, json: false });
  return text;
}

beforeAll(async () => {
  const current = freshBuiltCli(ROOT);
  if (current) entry = current;
  else {
    outDir = join(ROOT, 'out', `cli-test-${process.pid}`);
    entry = (await buildCli({ outDir })).entry;
  }
  dataDir = mkdtempSync(join(tmpdir(), 'parallax-built-cli-'));
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built CLI', () => {
  it('prints the same root help as the full program', async () => {
    const out = await runBuilt(['--help']);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(await sourceHelp());
    expect(out.stdout).toContain('history');
  });

  it("prints a command's own help, its options included", async () => {
    const out = await runBuilt(['help', 'history']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: parallax history [options]');
    expect(out.stdout).toContain('--limit <n>');
  });

  it('runs against the sandbox, then lists and shows the run, and exports it to XLSX', async () => {
    const db = join(dataDir, 'history.db');
    const run = await runBuilt([
      'run',
      '--sandbox',
      '--db',
      db,
      '--prompt',
      'best trail shoes',
      '--countries',
      'US,DE',
      '--yes',
    ]);
    expect(run.stderr).not.toMatch(/Error|Warning/);
    expect(run.code).toBe(0);

    const history = await runBuilt(['--json', 'history', '--db', db]);
    expect(history.code).toBe(0);
    const runs = (
      JSON.parse(history.stdout) as { runs: Array<{ id: string; total: number; sandbox: boolean }> }
    ).runs;
    expect(runs).toHaveLength(1);
    const [listed] = runs;
    expect(listed).toMatchObject({ total: 2, sandbox: true });

    const show = await runBuilt(['show', listed?.id ?? '', '--db', db]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Run ${listed?.id}`);
    // Engines are printed by the service profile's label (the spec's: Assistant A).
    expect(show.stdout).toMatch(/best trail shoes.*Assistant A.*US.*succeeded/);
    expect(show.stdout).toMatch(/best trail shoes.*Assistant A.*DE.*succeeded/);

    // XLSX loads ExcelJS from node_modules; JSON is built on the bundle's worker thread
    // (out/cli/export-json-worker.mjs).
    const xlsx = join(dataDir, 'run.xlsx');
    const json = join(dataDir, 'run.json');
    for (const [format, file] of [
      ['xlsx', xlsx],
      ['json', json],
    ] as const) {
      const exported = await runBuilt([
        'export',
        listed?.id ?? '',
        '--format',
        format,
        '--db',
        db,
        '--out',
        file,
      ]);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
    }
    expect(existsSync(xlsx)).toBe(true);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      jobs: Array<{ jobState: string; result: unknown }>;
    };
    expect(doc.jobs).toHaveLength(2);
    expect(doc.jobs.every((j) => j.jobState === 'succeeded' && j.result !== null)).toBe(true);
  });

  it('loads node-postgres for the team commands (one line and exit 1 when the server is not there)', async () => {
    const out = await new Promise<Out>((resolve) => {
      execFile(
        process.execPath,
        [entry, 'team', 'status'],
        {
          env: {
            ...process.env,
            PARALLAX_USER_DATA_DIR: dataDir,
            PARALLAX_TEAM_URL: 'postgres://nobody:pw@127.0.0.1:1/team?connect_timeout=5',
          },
          timeout: 60_000,
        },
        (err, stdout, stderr) =>
          resolve({ code: err && typeof err.code === 'number' ? err.code : 0, stdout, stderr }),
      );
    });
    expect(out.stderr.trim()).toMatch(/^parallax: The team server 127\.0\.0\.1:1 cannot be reached: /);
    expect(out.code).toBe(1);
  });

  it('exits 2 on an unknown command, suggesting the closest one', async () => {
    const out = await runBuilt(['histroy']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/unknown command 'histroy'/);
    expect(out.stderr).toMatch(/history/);
  });
});
