import type { Command } from 'commander';
import { createCreditsVerifier } from '../../../core/runs';
import type { KeyStatusView } from '../../../shared/ipc/channels/settings';
import {
  createSecretStore,
  ENV_READ_ONLY_MESSAGE,
  createKeyService,
  KeyServiceError,
  KeyVerificationError,
  type KeyService,
  type VerifyKey,
  type SecretStore,
  openSettingsStore,
  type SettingsStore,
} from '../../../core/platform';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  EXIT_USAGE,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import type { RegisterCommand } from '../register-command';

// `parallax key set|status|delete`: the same key service as the app, on the OS keychain
// (or PARALLAX_API_KEY). The key is read from a hidden prompt or from stdin, never from an
// argument: arguments end up in shell history and in every user's process list.

export interface KeyCommandDeps {
  openSecretStore: (env: NodeJS.ProcessEnv) => Promise<SecretStore>;
  openSettings: (env: NodeJS.ProcessEnv) => SettingsStore;
  /** GET /v1/credits against a base URL. */
  makeVerify: (baseUrl: string) => VerifyKey;
}

const defaultDeps: KeyCommandDeps = {
  openSecretStore: (env) => createSecretStore({ env }),
  openSettings: (env) => openSettingsStore({ env }),
  makeVerify: (baseUrl) => createCreditsVerifier({ baseUrl, fetch: globalThis.fetch }),
};

/** The key commands with their dependencies; tests pass their own, the CLI uses the defaults. */
export function keyCommandModule(overrides: Partial<KeyCommandDeps> = {}): RegisterCommand {
  const deps: KeyCommandDeps = { ...defaultDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    const key = program
      .command('key')
      .description('Manage the API key (kept in the OS keychain; PARALLAX_API_KEY overrides it)');

    key
      .command('set')
      .description(
        'Verify an API key with the service and save it in the keychain (prompted, or piped on stdin)',
      )
      // Arguments are accepted only to refuse them with a clear message (see below).
      .allowExcessArguments(true)
      .option('--base-url <url>', 'service base URL (default: the one in settings)')
      .action(async (options: { baseUrl?: string }, command: Command) => {
        if (command.args.length > 0) {
          // The argument is not echoed back: it may be the key.
          throw new CliUsageError(
            'The API key is never accepted as an argument (it would stay in your shell history and the process list). ' +
              'Run `parallax key set` and paste it at the hidden prompt, or pipe it: `printf %s "$KEY" | parallax key set`.',
          );
        }
        const settings = deps.openSettings(ctx.env);
        const baseUrl = resolveBaseUrl(options.baseUrl, settings);
        if (!baseUrl) throw new CliUsageError(NO_BASE_URL);
        const { service, secrets } = await openService(deps, ctx, settings, baseUrl);
        // Refuse before prompting when the key could not be saved anyway.
        if (secrets.backend.kind === 'environment') {
          await run(ctx, () =>
            Promise.reject(new KeyServiceError('environment-override', ENV_READ_ONLY_MESSAGE)),
          );
        }
        if (secrets.backend.kind === 'unavailable') {
          const why = secrets.backend.warning ?? 'No keychain is available.';
          await run(ctx, () => Promise.reject(new KeyServiceError('keychain-unavailable', why)));
        }
        const input = await readKeyInput(ctx);
        if (input === '') throw new CliUsageError('No key was entered.');
        const status = await run(ctx, () => service.setKey(input));
        if (ctx.json) writeJson(ctx, status);
        else {
          writeLine(
            ctx.stdout,
            `API key ${status.masked ?? ''} verified and saved in ${status.backend.label}.`,
          );
          printBalance(ctx, status);
          if (status.backend.warning) writeLine(ctx.stdout, `Note: ${status.backend.warning}`);
        }
      });

    key
      .command('status')
      .description('Show the configured key (masked), where it is stored, its balance and plan')
      .option('--base-url <url>', 'service base URL to read the balance from (default: the one in settings)')
      .action(async (options: { baseUrl?: string }) => {
        const settings = deps.openSettings(ctx.env);
        const baseUrl = resolveBaseUrl(options.baseUrl, settings);
        const { service } = await openService(deps, ctx, settings, baseUrl);
        const status = await run(ctx, () => service.status({ refresh: baseUrl !== null }));
        if (ctx.json) {
          writeJson(ctx, status);
          return;
        }
        writeLine(ctx.stdout, `API key:   ${status.masked ?? 'not set'}`);
        writeLine(ctx.stdout, `Stored in: ${status.backend.label}`);
        writeLine(ctx.stdout, `State:     ${status.state}`);
        printBalance(ctx, status);
        if (!baseUrl && status.configured) writeLine(ctx.stdout, `Balance:   unknown (${NO_BASE_URL_SHORT})`);
        if (status.plan) writeLine(ctx.stdout, `Plan:      ${status.plan}`);
        if (status.error) writeLine(ctx.stdout, `Problem:   ${status.error}`);
        if (status.backend.warning) writeLine(ctx.stdout, `Note:      ${status.backend.warning}`);
      });

    key
      .command('delete')
      .description('Delete the API key from the keychain')
      .action(async () => {
        const settings = deps.openSettings(ctx.env);
        const { service } = await openService(deps, ctx, settings, null);
        const before = await run(ctx, () => service.status());
        const status = await run(ctx, () => service.deleteKey());
        if (ctx.json) writeJson(ctx, { deleted: before.configured, status });
        else if (before.configured)
          writeLine(ctx.stdout, `Deleted the API key from ${status.backend.label}.`);
        else writeLine(ctx.stdout, `No API key was stored in ${status.backend.label}.`);
      });
  };
}

export const registerKeyCommands: RegisterCommand = keyCommandModule();

const NO_BASE_URL =
  'No service base URL: pass --base-url <url>, or set the base URL in the app (Settings). The key is verified with GET /v1/credits before it is saved.';
const NO_BASE_URL_SHORT = 'no base URL: pass --base-url or set it in Settings';

function resolveBaseUrl(option: string | undefined, settings: SettingsStore): string | null {
  if (option !== undefined) {
    if (!/^https?:\/\/[^/]/i.test(option))
      throw new CliUsageError(`--base-url must be an http(s) URL, got "${option}"`);
    return option;
  }
  return settings.get().baseUrl;
}

async function openService(
  deps: KeyCommandDeps,
  ctx: CliContext,
  settings: SettingsStore,
  baseUrl: string | null,
): Promise<{ service: KeyService; secrets: SecretStore }> {
  const secrets = await deps.openSecretStore(ctx.env);
  const verify: VerifyKey = baseUrl
    ? deps.makeVerify(baseUrl)
    : async () => {
        throw new KeyVerificationError('unreachable', NO_BASE_URL_SHORT);
      };
  return { service: createKeyService({ secrets, verify, fallbackPlan: () => settings.get().plan }), secrets };
}

/** Runs a key operation; its typed failures become a message and an exit code (2 bad input, 1 otherwise). */
async function run<T>(ctx: CliContext, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (!(err instanceof KeyServiceError)) throw err;
    const badInput = err.kind === 'format' || err.kind === 'rejected' || err.kind === 'environment-override';
    if (ctx.json) writeJson(ctx, { error: { code: err.code, kind: err.kind, message: err.message } });
    writeLine(ctx.stderr, `parallax: ${err.message}`);
    throw new CliExit(badInput ? EXIT_USAGE : EXIT_JOBS_FAILED);
  }
}

function printBalance(ctx: CliContext, status: KeyStatusView): void {
  const balance = status.balance;
  if (!balance) return;
  const cycle = balance.perCycle !== null ? ` of ${balance.perCycle} per cycle` : '';
  const resets = balance.cycleResetsAt ? `, resets ${balance.cycleResetsAt}` : '';
  writeLine(ctx.stdout, `Balance:   ${balance.remaining} credits${cycle}${resets}`);
}

/** The key from a hidden prompt on a terminal, else everything piped on stdin. */
export async function readKeyInput(ctx: CliContext): Promise<string> {
  if (ctx.stdin.isTTY && typeof ctx.stdin.setRawMode === 'function') {
    return (await readHidden(ctx, 'API key (input hidden): ')).trim();
  }
  return (await readAll(ctx.stdin, 64 * 1024)).trim();
}

async function readAll(stream: CliContext['stdin'], limit: number): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (text.length > limit) throw new CliUsageError('stdin is too long to be an API key.');
  }
  return text;
}

/**
 * Reads one line in raw mode without echoing it: Enter ends, Backspace edits, Ctrl-C aborts
 * (exit 130), escape sequences (arrow keys) are ignored.
 */
function readHidden(ctx: CliContext, prompt: string): Promise<string> {
  const stdin = ctx.stdin;
  const setRaw = (on: boolean): void => {
    stdin.setRawMode?.(on);
  };
  ctx.stderr.write(prompt);
  setRaw(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    let inEscape = false;
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      setRaw(false);
      stdin.pause();
      ctx.stderr.write('\n');
    };
    const onEnd = (): void => {
      finish();
      resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (inEscape) {
          // CSI sequences end with a letter or '~'.
          if (/[A-Za-z~]/.test(ch)) inEscape = false;
          continue;
        }
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new CliExit(130));
          return;
        }
        if (ch === '\u001b') inEscape = true;
        else if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
    stdin.on('end', onEnd);
  });
}
