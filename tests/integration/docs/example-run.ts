import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCliInProcess } from '../../support/cli-in-process';
import { sharedDataDir, type SharedDataDir } from './example-data';
import { inProcessArgv } from './example-in-process';
import type { Example } from './examples';
import { copyDataDir, exampleEnv, type ProcessResult, type World } from './example-world';

// One docs example, run the way a reader would type it: through /bin/sh, in a working folder of
// its own holding the files examples name, on the shared history as it was built (never as an
// example before it left it). What the test
// changes in the line before running it (each rule says why):

/** Placeholders a reader replaces with their own ids; the test uses the fixture history's. */
const PLACEHOLDER = /\b[A-Z][A-Z0-9]*_(?:ID|LINK)\b/g;

/** Files examples read, created in each example's working folder. */
export const FIXTURE_FILES: Readonly<Record<string, string>> = {
  'prompts.txt': 'best running shoes\nbest trail running shoes\n',
  'prompts.csv': 'prompt,tag\nbest running shoes,shoes\nrunning shoes for wide feet,shoes\n',
  // A fact sheet for the demo's focus brand (docs/guides/facts.md's format).
  'veloxa.facts.yaml': [
    'facts:',
    '  - { key: founded, kind: year, value: 1998 }',
    '  - { key: headquarters, kind: place, value: Osaka }',
    '  - { key: free-returns, kind: yes-no, value: no, words: [free returns] }',
    '',
  ].join('\n'),
  'run-spec.json': JSON.stringify({
    name: 'Shoes',
    prompts: ['best running shoes', 'best trail running shoes'],
    engines: ['assistant-a'],
    countries: ['US', 'DE'],
    states: ['CA'],
    repeats: 4,
    mode: 'sync',
  }),
  // A server log with a verified GPTBot, one claiming the name from elsewhere, and a browser.
  'access.log': [
    '20.171.206.17 - - [02/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0; compatible; GPTBot/1.2; +https://openai.com/gptbot"',
    '203.0.113.9 - - [02/Nov/2026:10:00:01 +0000] "GET /pricing HTTP/1.1" 403 0 "-" "Mozilla/5.0; compatible; GPTBot/1.2; +https://openai.com/gptbot"',
    '198.51.100.23 - - [02/Nov/2026:10:00:02 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0"',
    '',
  ].join('\n'),
  'gptbot.json': JSON.stringify({
    creationTime: '2026-11-28T12:00:00.000000',
    prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv4Prefix: '20.171.207.0/24' }],
  }),
  'traffic-acquisition.csv': [
    '# Traffic acquisition: Session source / medium',
    '# Start date: 20261102',
    '# End date: 20261108',
    'Date,Session source / medium,Landing page + query string,Sessions,Key events',
    '20261102,chatgpt.com / referral,/running-shoes,12,1',
    '20261103,perplexity.ai / referral,/trail,4,0',
    '20261103,google / organic,/,300,9',
  ].join('\n'),
  'Queries.csv':
    'Top queries,Clicks,Impressions,CTR,Position\nwhich running shoes are best for flat feet,4,320,1.3%,6.1\n',
  'ai-performance.csv': 'Date,Grounding query,Citations\n2026-11-20,best trail running shoes 2026,5\n',
  'acme.profile.json': JSON.stringify({
    name: 'Acme gateway',
    redirectPath: 'search/goto',
    engines: {
      'assistant-a': {
        path: 'gw/chat-one',
        taskType: 'CHAT_ONE',
        countriesModel: 'chat-one',
        label: 'Chat One',
        baseCost: 6,
        availability: 'available',
      },
    },
  }),
};

/** A flag's value (plain or quoted) after `--flag ` or `--flag=`. */
const flagValue = (flag: string): RegExp =>
  new RegExp(`(${flag})(?:\\s+|=)(?:"[^"]*"|'[^']*'|[^\\s;|&]+)`, 'g');

/** The first `parallax` command word of a line, skipping the global options before it. */
export function subcommandOf(command: string): string | null {
  const m = /(?:^|[|&;]\s*)parallax\s+(?:(?:--json|--profile\s+\S+)\s+)*([a-z][a-z-]*)/.exec(command);
  return m?.[1] ?? null;
}

/** The line as the test runs it. */
export function resolveCommand(
  example: Example,
  world: Pick<World, 'placeholders' | 'sandbox' | 'webhookUrl'>,
): string {
  const p = world.placeholders;
  // `npx parallax` runs the checkout's bin; the shim on PATH does the same without npx's lookup.
  let command = example.command.replace(/\bnpx\s+parallax\b/g, 'parallax');
  // The service is the test's sandbox, and webhooks go to its receiver (never the network).
  command = command.replace(flagValue('--base-url'), `$1 ${world.sandbox.baseUrl}`);
  command = command.replace(flagValue('--webhook'), `$1 ${world.webhookUrl}`);
  // A demo of 90 days takes a minute to build, and one day is as much a build as two (the test
  // reads its exit code): its options are what the example promises.
  if (subcommandOf(command) === 'demo' && !/--(status|delete)\b/.test(command)) {
    command = /--days\b/.test(command)
      ? command.replace(flagValue('--days'), '$1 1')
      : command.replace(/\bparallax\s+demo\b/, 'parallax demo --days 1');
  }
  const values: Record<string, string> = {
    // What `resume` continues is a paused run; everywhere else, a finished demo run.
    RUN_ID: subcommandOf(command) === 'resume' ? p.pausedRunId : p.runId,
    RESULT_ID: p.resultId,
    MONITOR_ID: p.monitorId,
    ALERT_ID: p.alertId,
    REDIRECT_LINK: `'${p.redirectLink}'`,
    SUGGESTION_ID: p.suggestionId,
  };
  return command.replace(PLACEHOLDER, (name) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`unknown placeholder ${name} (known: ${Object.keys(values).join(', ')})`);
    return value;
  });
}

/** Output that means the docs name a command, option or argument the CLI does not have. */
export const USAGE_ERROR =
  /\b(unknown option|unknown command|too many arguments|missing required argument|argument missing|invalid argument)\b/i;

export interface ExampleOutcome extends ProcessResult {
  /** What ran, after the substitutions. */
  command: string;
  ms: number;
  /** In the test's process (runCli), or a child through /bin/sh and the bin. */
  how: 'in-process' | 'child';
}

/**
 * How an example runs: in the test's process when it is not about the process (see
 * example-in-process.ts), else as a child. Decided by the line alone, so the same line on
 * several pages (run once) always runs the same way.
 */
export function howToRun(example: Example, world: Pick<World, 'placeholders' | 'sandbox' | 'webhookUrl'>) {
  const command = resolveCommand(example, world);
  const argv = inProcessArgv(example.command, command, subcommandOf(command), '~');
  return argv ? 'in-process' : 'child';
}

const LONG_RUNNING = new Set(['sandbox', 'mcp']);
const MCP_INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'docs-test', version: '0' },
  },
})}\n`;

/**
 * Runs `command` through sh. `sandbox` is stopped with Ctrl-C once it prints its URL; `mcp` is
 * asked to initialize, then its stdin is closed once it answered, as a client that goes away.
 */
function runShell(
  command: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
): Promise<ProcessResult> {
  const sub = subcommandOf(command);
  const longRunning = sub !== null && LONG_RUNNING.has(sub);
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', longRunning ? `exec ${command}` : command], {
      env,
      cwd,
      stdio: [sub === 'mcp' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const onOutput = (): void => {
      if (stopping) return;
      if (sub === 'sandbox' && /http:\/\/127\.0\.0\.1:\d+/.test(stdout)) {
        stopping = true;
        child.kill('SIGINT');
      } else if (sub === 'mcp' && /"id":1[,}]/.test(stdout)) {
        stopping = true;
        child.stdin?.end();
      }
    };
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      onOutput();
    });
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (sub === 'mcp') child.stdin?.write(MCP_INITIALIZE);
  });
}

/** The folders the in-process examples share, one per kind of history, for each world. */
const shared = new WeakMap<World, Map<Example['history'], SharedDataDir>>();

function sharedDataOf(world: World, history: Example['history']): SharedDataDir {
  let byHistory = shared.get(world);
  if (!byHistory) shared.set(world, (byHistory = new Map()));
  let dir = byHistory.get(history);
  if (!dir) {
    const source = history === 'empty' ? world.emptyDataDir : world.baseDataDir;
    dir = sharedDataDir(source, join(world.dir, `shared-${history}`));
    byHistory.set(history, dir);
  }
  return dir;
}

/**
 * Runs one example in a working folder and home of its own under the world's, removed
 * afterwards: in-process on the data folder the in-process examples share (put back whenever
 * one changes it), as a child on a copy of its own (children run side by side).
 */
export async function runExample(example: Example, world: World, index: number): Promise<ExampleOutcome> {
  const dir = join(world.dir, `example-${index}`);
  const home = join(dir, 'home');
  const work = join(dir, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(work, { recursive: true });
  for (const [name, text] of Object.entries(FIXTURE_FILES)) writeFileSync(join(work, name), text);
  const started = performance.now();
  try {
    const command = resolveCommand(example, world);
    const argv = inProcessArgv(example.command, command, subcommandOf(command), home);
    if (argv) {
      const result = await sharedDataOf(world, example.history).use((dataDir) =>
        runCliInProcess(argv, { env: exampleEnv(world, dataDir, home), cwd: work }),
      );
      return { ...result, signal: null, command, ms: performance.now() - started, how: 'in-process' };
    }
    const dataDir = join(dir, 'data');
    copyDataDir(example.history === 'empty' ? world.emptyDataDir : world.baseDataDir, dataDir);
    const result = await runShell(command, exampleEnv(world, dataDir, home), work, 90_000);
    return { ...result, command, ms: performance.now() - started, how: 'child' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
