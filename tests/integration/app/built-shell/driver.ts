import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Loads the BUILT main bundle (out/main/index.js) under plain Node with `electron` resolved to the
// recording stand-in, drives it like Electron would (ready, the window's ready-to-show, IPC calls
// from the renderer's frame, a quit) and prints what it did as one JSON line for the test to check.
// Run by built-shell.test.ts as `node --experimental-strip-types driver.ts SCENARIO_JSON`.

interface Scenario {
  mainFile: string;
  /** Button labels to press in the message boxes, in order. */
  answers: string[];
  /** Switch to the sandbox and start this run before quitting (the quit then asks about it). */
  startRun?: unknown;
  /** Whether the start is expected to end in a window (false: a start-up dialog then quit). */
  expectWindow: boolean;
  /** Export this run as JSON through the export.run channel (its lines built on the bundled worker). */
  exportJson?: string;
}

type Handler = (...args: unknown[]) => unknown;
interface StubWindow {
  options: Record<string, unknown>;
  loaded: { file?: string; url?: string } | null;
  loads: number;
  shown: boolean;
  webContents: {
    listenerCount(event: string): number;
    listeners(event: string): Handler[];
    windowOpenHandler: Handler | null;
  };
}
interface Recorder {
  paths: Record<string, string>;
  windows: StubWindow[];
  ipcHandlers: Map<string, Handler>;
  ipcListeners: string[];
  permissionRequestHandler: Handler | null;
  permissionCheckHandler: Handler | null;
  applicationMenu: unknown;
  messageBoxes: unknown[];
  answers: string[];
  savePath: string | null;
  openedExternal: string[];
  sent: Array<{ channel: string; payload: unknown }>;
  quitRequests: number;
  quitCompleted: boolean;
  ready(): void;
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario;
register(new URL('./electron-hooks.ts', import.meta.url));

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const out: Record<string, unknown> = {};
try {
  await import(pathToFileURL(scenario.mainFile).href);
  const recorder = (globalThis as unknown as { __electronRecorder: Recorder }).__electronRecorder;
  recorder.answers.push(...scenario.answers);
  recorder.ready();

  const mainWindow = (): StubWindow | undefined => recorder.windows.find((w) => w.loaded?.file !== undefined);
  await until(() => (mainWindow()?.shown ?? false) || recorder.quitCompleted, 'the window or a quit');
  const userData = recorder.paths['userData'] ?? '';
  out['userData'] = userData;
  out['historyExists'] = existsSync(join(userData, 'parallax.db'));

  const rendererFile = join(dirname(scenario.mainFile), '../renderer/index.html');
  const trusted = { senderFrame: { url: pathToFileURL(rendererFile).href, parent: null } };
  const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
  const invoke = (channel: string, payload: unknown, event: unknown = trusted): Promise<unknown> => {
    const handler = recorder.ipcHandlers.get(`parallax:${channel}`);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(handler(event, payload));
  };

  const window = mainWindow();
  if (window) {
    const contents = window.webContents;
    const navigate = (event: string, url: string): boolean => {
      let prevented = false;
      for (const listener of contents.listeners(event))
        listener({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    out['window'] = {
      options: window.options,
      loadedFile: window.loaded?.file ?? null,
      loadedFileExists: window.loaded?.file ? existsSync(window.loaded.file) : false,
      preloadExists: existsSync(
        String((window.options['webPreferences'] as Record<string, unknown>)['preload']),
      ),
      shown: window.shown,
    };
    out['guards'] = {
      willNavigate: contents.listenerCount('will-navigate'),
      willRedirect: contents.listenerCount('will-redirect'),
      willAttachWebview: contents.listenerCount('will-attach-webview'),
      windowOpenHandler: contents.windowOpenHandler !== null,
      externalNavigationPrevented: navigate('will-navigate', 'https://evil.example/'),
      externalRedirectPrevented: navigate('will-redirect', 'https://evil.example/'),
      appNavigationPrevented: navigate('will-navigate', pathToFileURL(rendererFile).href),
      windowOpenHttps: contents.windowOpenHandler?.({ url: 'https://example.org/page' }) ?? null,
      windowOpenFile: contents.windowOpenHandler?.({ url: 'file:///etc/passwd' }) ?? null,
    };
    let requestAnswer: unknown = null;
    recorder.permissionRequestHandler?.({}, 'media', (granted: unknown) => (requestAnswer = granted));
    out['permissions'] = {
      request: requestAnswer,
      check: recorder.permissionCheckHandler?.({}, 'media') ?? null,
    };
    out['menuInstalled'] = recorder.applicationMenu !== null;
    out['ipcChannels'] = [...recorder.ipcHandlers.keys()];
    out['appInfo'] = await invoke('app.info', {});
    out['forbidden'] = await invoke('app.info', {}, foreign);
    out['invalid'] = await invoke('app.openExternal', { url: 'javascript:alert(1)' });

    if (scenario.startRun) {
      await invoke('settings.update', { sandboxMode: true });
      const started = (await invoke('runs.start', scenario.startRun)) as {
        ok: boolean;
        value?: { runId: string };
      };
      if (!started.ok || !started.value) throw new Error(`runs.start: ${JSON.stringify(started)}`);
      out['runId'] = started.value.runId;
      await until(
        () =>
          recorder.sent.some(
            (m) =>
              m.channel === 'parallax-event:run.progress' &&
              ((m.payload as { counts: { succeeded: number } }).counts.succeeded ?? 0) >= 2,
          ),
        'two stored answers',
      );
    }
    if (scenario.exportJson) {
      recorder.savePath = join(userData, 'export.json');
      out['exported'] = await invoke('export.run', { runId: scenario.exportJson, format: 'json' });
      const doc = JSON.parse(readFileSync(recorder.savePath, 'utf8')) as {
        jobs: Array<{ jobState: string }>;
      };
      out['exportedJobs'] = doc.jobs.map((j) => j.jobState);
    }
    out['eventsSent'] = [...new Set(recorder.sent.map((m) => m.channel))];
    out['openedExternal'] = recorder.openedExternal;
  }

  if (!recorder.quitCompleted) {
    const app = (await import('electron' as string)) as { app: { quit(): void } };
    app.app.quit();
    await until(() => recorder.quitCompleted, 'the quit to complete (the core closed)');
  }
  out['windows'] = recorder.windows.map((w) => ({ loaded: w.loaded, loads: w.loads, shown: w.shown }));
  out['messageBoxes'] = recorder.messageBoxes;
  out['quitRequests'] = recorder.quitRequests;
  out['quitCompleted'] = recorder.quitCompleted;
  out['walAfterQuit'] = existsSync(join(userData, 'parallax.db-wal'));
  out['expectWindow'] = scenario.expectWindow;
} catch (error) {
  out['error'] = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.exitCode = 1;
}
process.stdout.write(`\nBUILT-SHELL-REPORT ${JSON.stringify(out)}\n`);
