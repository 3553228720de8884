import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/core/history';
import { applyMigrations } from '../../../src/core/history/schema';
import {
  EVENT_CHANNEL_NAMES,
  INVOKE_CHANNEL_NAMES,
  ipcEventName,
  ipcInvokeName,
} from '../../../src/shared/ipc/contract';
import { ensureAppBuild } from '../../support/app-build';

// The BUILT shell, proven to load: `electron-vite build`, then out/main/index.js runs
// under plain Node in a child process with `electron` resolved to a recording stand-in
// (built-shell/electron-stub.ts). This catches module-format and bundling breaks tsc cannot see
// (a worker chunk not emitted, an ESM/CJS mismatch, a package that must stay external), and checks
// the wiring: the core on a temporary data folder, a handler for every channel, the window's
// security options and preload, the navigation guards, the start-up dialogs, and a quit that
// closes the core. The preload bundle runs in a vm with only `electron` to require, as a sandboxed
// preload does.

const ROOT = resolve(import.meta.dirname, '../../..');
const DRIVER = join(import.meta.dirname, 'built-shell', 'driver.ts');
const SPEC = {
  prompts: ['best trail running shoes', 'running shoes for flat feet', 'lightest racing flats'],
  engines: ['assistant-a'],
  countries: ['US', 'DE', 'FR', 'GB', 'JP'],
  repeats: 4,
};

interface Report {
  error?: string;
  userData: string;
  historyExists: boolean;
  window?: {
    options: { webPreferences: Record<string, unknown>; show: boolean };
    loadedFile: string;
    loadedFileExists: boolean;
    preloadExists: boolean;
    shown: boolean;
  };
  guards?: Record<string, unknown>;
  permissions?: { request: unknown; check: unknown };
  menuInstalled?: boolean;
  ipcChannels?: string[];
  appInfo?: { ok: boolean; value?: { dataPath: string } };
  forbidden?: unknown;
  invalid?: unknown;
  runId?: string;
  exported?: unknown;
  exportedJobs?: string[];
  openedExternal?: string[];
  windows: Array<{ loaded: { file?: string; url?: string } | null; loads: number; shown: boolean }>;
  messageBoxes: Array<{
    title: string;
    message: string;
    detail: string;
    buttons: string[];
    answered: string | null;
    withWindow: boolean;
  }>;
  quitRequests: number;
  quitCompleted: boolean;
  walAfterQuit: boolean;
}

let outDir: string;

/**
 * CI builds once before the tests (.ci/run); elsewhere the app's out/ is used when it is newer
 * than every source, else built there once for this and the e2e suite (tests/support/app-build.ts),
 * never a stale out/.
 */
beforeAll(async () => {
  if (process.env['PARALLAX_E2E_SKIP_BUILD'] === '1' && existsSync(join(ROOT, 'out/main/index.js'))) {
    outDir = join(ROOT, 'out');
    return;
  }
  // The bundle knows itself by its real path (the checkout may be reached through a link).
  outDir = realpathSync(await ensureAppBuild());
}, 180_000);

function runBuiltShell(
  userData: string,
  scenario: { answers?: string[]; startRun?: unknown; expectWindow?: boolean; exportJson?: string } = {},
): Promise<Report> {
  const input = JSON.stringify({
    mainFile: join(outDir, 'main/index.js'),
    answers: scenario.answers ?? [],
    startRun: scenario.startRun,
    exportJson: scenario.exportJson,
    expectWindow: scenario.expectWindow ?? true,
  });
  // No key from the environment and no dev server: the packaged start.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'PARALLAX_API_KEY' && name !== 'ELECTRON_RENDERER_URL',
    ),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PARALLAX_USER_DATA_DIR: userData,
    // No keychain daemon: the start must not depend on one.
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(userData, 'no-bus')}`,
  };
  return new Promise((resolveReport, reject) => {
    const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', DRIVER, input], {
      cwd: ROOT,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Exiting on its own is part of the check: a core left open keeps timers and servers alive.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('BUILT-SHELL-REPORT '));
      if (!line || code !== 0) {
        reject(new Error(`built shell exited with ${code ?? signal}\n${stdout}\n${stderr}`));
        return;
      }
      resolveReport(JSON.parse(line.slice('BUILT-SHELL-REPORT '.length)) as Report);
    });
  });
}

describe('the built shell (out/main/index.js) under Node with a recording electron', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-built-shell-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // One start for both: the upgrade's splash comes before the same main window and wiring. A
  // start in an empty folder (the history created) is the next test's first.
  it('upgrades an old history in the bundled worker behind a splash, then starts the core, wires every IPC channel, a hardened window, and quits closing the core', async () => {
    const userData = tempDir();
    const raw = new Database(join(userData, 'parallax.db'));
    applyMigrations(raw, MIGRATIONS.slice(0, 1));
    raw.close();
    const report = await runBuiltShell(userData);

    const [splash, main] = report.windows;
    expect(splash?.loaded?.url).toMatch(/^data:text\/html/);
    expect(decodeURIComponent(splash?.loaded?.url ?? '')).toContain('Upgrading your history');
    expect(splash?.loads).toBeGreaterThan(1); // redrawn as the steps went
    expect(main?.loaded?.file).toBe(join(outDir, 'renderer/index.html'));
    const db = new Database(join(userData, 'parallax.db'), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }

    expect(report.error).toBeUndefined();
    expect(report.userData).toBe(userData);
    expect(report.historyExists).toBe(true);
    expect(report.appInfo).toMatchObject({ ok: true, value: { dataPath: userData } });
    // One handler per contract channel, and none besides.
    expect([...(report.ipcChannels ?? [])].sort()).toEqual(INVOKE_CHANNEL_NAMES.map(ipcInvokeName).sort());
    expect(report.forbidden).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(report.invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });

    expect(report.window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(report.window?.options.webPreferences['preload']).toBe(join(outDir, 'preload/index.cjs'));
    expect(report.window?.preloadExists).toBe(true);
    expect(report.window?.loadedFile).toBe(join(outDir, 'renderer/index.html'));
    expect(report.window?.loadedFileExists).toBe(true);
    expect(report.window?.options.show).toBe(false);
    expect(report.window?.shown).toBe(true);

    expect(report.guards).toEqual({
      willNavigate: 1,
      willRedirect: 1,
      willAttachWebview: 1,
      windowOpenHandler: true,
      externalNavigationPrevented: true,
      externalRedirectPrevented: true,
      appNavigationPrevented: false,
      windowOpenHttps: { action: 'deny' },
      windowOpenFile: { action: 'deny' },
    });
    expect(report.openedExternal).toEqual(['https://example.org/page']);
    expect(report.permissions).toEqual({ request: false, check: false });
    expect(report.menuInstalled).toBe(true);

    expect(report.messageBoxes).toEqual([]);
    expect(report.quitCompleted).toBe(true);
    // The core closed the history: its WAL was checkpointed and removed.
    expect(report.walAfterQuit).toBe(false);
    // Today's automatic backup was taken.
    expect(existsSync(join(userData, 'backups'))).toBe(true);
  });

  it('quitting with a run in progress asks, pauses it cleanly; the next start offers to resume it', async () => {
    const userData = tempDir();
    const first = await runBuiltShell(userData, { startRun: SPEC, answers: ['Pause and quit'] });

    expect(first.error).toBeUndefined();
    // A start in an empty data folder: the history is created there (no splash: nothing to upgrade).
    expect(first.userData).toBe(userData);
    expect(first.historyExists).toBe(true);
    expect(first.windows.map((w) => w.loaded?.file)).toEqual([join(outDir, 'renderer/index.html')]);
    expect(first.messageBoxes).toHaveLength(1);
    expect(first.messageBoxes[0]).toMatchObject({
      title: 'Quit Parallax?',
      message: 'A run is in progress.',
      buttons: ['Pause and quit', 'Finish, then quit', 'Cancel'],
      answered: 'Pause and quit',
      withWindow: true,
    });
    expect(first.quitCompleted).toBe(true);
    const db = new Database(join(userData, 'parallax.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT status FROM runs WHERE id = ?').pluck().get(first.runId)).toBe('paused');
      const states = db
        .prepare('SELECT job_state AS state, count(*) AS n FROM jobs WHERE run_id = ? GROUP BY job_state')
        .all(first.runId) as Array<{ state: string; n: number }>;
      const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
      expect(byState['running'] ?? 0).toBe(0);
      expect(byState['succeeded']).toBeGreaterThanOrEqual(2);
      expect((byState['succeeded'] ?? 0) + (byState['pending'] ?? 0)).toBe(60);
    } finally {
      db.close();
    }

    // The next start also exports the paused run as JSON: its lines come from the bundle's worker.
    const second = await runBuiltShell(userData, { answers: ['Later'], exportJson: first.runId });
    expect(second.error).toBeUndefined();
    expect(second.exported).toEqual({
      ok: true,
      // The run is paused with most jobs still to do: the export says it is partial.
      value: {
        path: join(userData, 'export.json'),
        canceled: false,
        partial: expect.stringMatching(/^Partial export: the run was paused with \d+ of 60 jobs done/),
      },
    });
    expect(second.exportedJobs).toHaveLength(60);
    expect(second.exportedJobs?.filter((s) => s === 'succeeded').length).toBeGreaterThanOrEqual(2);
    expect(second.messageBoxes[0]).toMatchObject({
      title: 'Resume paused runs?',
      message: 'A run was paused when Parallax quit.',
      buttons: ['Resume it', 'Later'],
      answered: 'Later',
    });
    expect(second.messageBoxes[0]?.detail).toMatch(/best trail running shoes \(\d+ of 60 jobs done\)/);
  });

  it('a damaged history: the start-up dialog shows with no window at all, and Quit quits', async () => {
    const userData = tempDir();
    writeFileSync(join(userData, 'parallax.db'), Buffer.alloc(8192, 'not a database '));
    const report = await runBuiltShell(userData, { answers: ['Quit'], expectWindow: false });

    expect(report.error).toBeUndefined();
    expect(report.messageBoxes).toHaveLength(1);
    expect(report.messageBoxes[0]).toMatchObject({
      title: 'Parallax cannot open your history',
      message: 'The history file is damaged.',
      answered: 'Quit',
      withWindow: false,
    });
    expect(report.messageBoxes[0]?.buttons).toEqual([
      'Start a new empty history',
      'Choose another data folder…',
      'Open the folder',
      'Quit',
    ]);
    expect(report.windows).toEqual([]);
    expect(report.quitCompleted).toBe(true);
    expect(readFileSync(join(userData, 'parallax.db'), 'utf8')).toMatch(/^not a database/);
  });
});

describe('the built preload (out/preload/index.cjs)', () => {
  it('needs nothing but electron, and exposes exactly the contract on window.parallax', async () => {
    const code = readFileSync(join(outDir, 'preload/index.cjs'), 'utf8');
    const exposed = new Map<string, unknown>();
    const invoked: Array<[string, unknown]> = [];
    const listening = new Map<string, number>();
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => {
          invoked.push([channel, input]);
          return { ok: true, value: null };
        },
        on: (event: string) => listening.set(event, (listening.get(event) ?? 0) + 1),
        removeListener: (event: string) => listening.set(event, (listening.get(event) ?? 0) - 1),
      },
    };
    const required: string[] = [];
    const sandboxedRequire = (name: string): unknown => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`A sandboxed preload cannot require '${name}'`);
    };
    const module = { exports: {} };
    runInNewContext(code, { require: sandboxedRequire, module, exports: module.exports, console });

    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['parallax']);
    const api = exposed.get('parallax') as {
      invoke(channel: string, input: unknown): Promise<unknown>;
      on(event: string, listener: () => void): () => void;
    };
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);

    for (const channel of INVOKE_CHANNEL_NAMES) await api.invoke(channel, { probe: channel });
    expect(invoked).toEqual(INVOKE_CHANNEL_NAMES.map((c) => [ipcInvokeName(c), { probe: c }]));
    await expect(api.invoke('shell.exec', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    expect(invoked).toHaveLength(INVOKE_CHANNEL_NAMES.length);

    const offs = EVENT_CHANNEL_NAMES.map((event) => api.on(event, () => undefined));
    expect([...listening.keys()].sort()).toEqual(EVENT_CHANNEL_NAMES.map(ipcEventName).sort());
    expect(() => api.on('shell.output', () => undefined)).toThrow(/Unknown IPC event/);
    for (const off of offs) off();
    expect([...listening.values()].every((n) => n === 0)).toBe(true);
  });
});
