import { Argument, type Command } from 'commander';
import type { GoogleKind, ImportKind } from '../../../core/outcomes';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore, type CliCore } from '../../core';
import type { RegisterCommand } from '../register-command';
import { keychainVault } from './google-vault';
import { printImport, printPull, printStatus, printTraffic } from './outcomes-output';
import { registerShare } from './share';

// `parallax outcomes`: first-party traffic and search data beside the answers. Import the
// exports an analyst can download today (GA4, Search Console, Bing's AI Performance), or
// connect GA4 and Search Console through Google's official clients; then see the sessions AI
// engines referred, per engine, landing page and week.

const DB = ['--db <path>', 'history file (default: the app\u2019s)'] as const;
const positive =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new CliUsageError(`${name} must be a whole number of 1 or more`);
    return n;
  };

const IMPORT_HELP = `
ga4:  a GA4 exploration or Traffic acquisition report exported as CSV, with the columns
      Session source / medium (or Session source), Landing page, Sessions, Key events and,
      optionally, Date. Only the sessions AI engines referred are kept.
gsc:  Search Console's Performance export: the zip, or its Queries.csv / Pages.csv.
bing: Bing Webmaster Tools' AI Performance export (grounding queries or cited pages, citations).
A bad row is named and skipped; importing the same file again replaces its rows.

JSON (--json): { kind, site, period: {from, to} | null, tables: { traffic|queries|pages:
  {added, replaced, superseded} }, notAi, ignored: [file], errors: [{file, line, field, message}] }`;

const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
  const {
    OutcomesImportError,
    GoogleConnectError,
    GoogleCredentialsError,
    GoogleSignInError,
    OutcomesServiceError,
  } = await import('../../lazy/outcomes-errors');
  try {
    return await fn();
  } catch (err) {
    const known = [
      OutcomesImportError,
      GoogleConnectError,
      GoogleCredentialsError,
      GoogleSignInError,
      OutcomesServiceError,
    ];
    if (known.some((k) => err instanceof k)) throw new CliUsageError((err as Error).message);
    throw err;
  }
};

function registerImport(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('import')
    .description('Import a GA4, Search Console or Bing export (CSV, or Search Console\u2019s zip)')
    .addArgument(new Argument('<kind>', 'ga4, gsc or bing').choices(['ga4', 'gsc', 'bing']))
    .argument('<file>', 'the exported file')
    .option('--site <site>', 'the site or property the export is of (GA4: else the property it names)')
    .option(...DB)
    .addHelpText('after', IMPORT_HELP)
    .action(async (kind: ImportKind, file: string, flags: { site?: string; db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const service = await core.services.outcomes();
        const report = await guarded(() =>
          service.importFile({ kind, path: file, ...(flags.site !== undefined ? { site: flags.site } : {}) }),
        );
        if (ctx.json) return writeJson(ctx, report);
        printImport(ctx, file, report);
      });
    });
}

const googleDeps = (core: CliCore) => ({ store: core.store, now: Date.now, vault: keychainVault() });

function registerConnect(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('connect')
    .description('Connect GA4 or Search Console through Google\u2019s API, then pull the last days')
    .addArgument(new Argument('<kind>', 'ga4 or gsc').choices(['ga4', 'gsc']))
    .requiredOption(
      '--property <p>',
      'GA4: the property id; Search Console: https://www.example.com/ or sc-domain:example.com',
    )
    .option('--client-file <file>', 'your OAuth client\u2019s JSON (Desktop app): sign in in the browser')
    .option(
      '--service-account <file>',
      'a service account\u2019s key file (given read access to the property)',
    )
    .option('--days <n>', 'days to pull, ending today (default 90)', positive('--days'))
    .option(...DB)
    .addHelpText(
      'after',
      `\nThe refresh token (or the service account's key) is kept in the OS keychain, never in a file.\n\nJSON (--json): { kind, property, period: {from, to}, tables, notAi }`,
    )
    .action(
      async (
        kind: GoogleKind,
        flags: { property: string; clientFile?: string; serviceAccount?: string; days?: number; db?: string },
      ) => {
        await withCliCore(ctx, flags, async (core) => {
          const { connectGoogle } = await import('../../lazy/google-connect');
          const open = (url: string): void =>
            writeLine(
              ctx.stderr,
              `Open this address in your browser to let Parallax read ${kind} (read only):\n${url}`,
            );
          const report = await guarded(async () =>
            connectGoogle(googleDeps(core), {
              kind,
              property: flags.property,
              open,
              ...(flags.clientFile !== undefined ? { clientFile: flags.clientFile } : {}),
              ...(flags.serviceAccount !== undefined ? { serviceAccountFile: flags.serviceAccount } : {}),
              ...(flags.days !== undefined ? { days: flags.days } : {}),
            }),
          );
          if (ctx.json) return writeJson(ctx, report);
          printPull(ctx, report);
        });
      },
    );
}

function registerPull(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('pull')
    .description('Pull a connected GA4 property or Search Console site again')
    .addArgument(new Argument('<kind>', 'ga4 or gsc').choices(['ga4', 'gsc']))
    .option('--days <n>', 'days to pull, ending today (default 90)', positive('--days'))
    .option(...DB)
    .action(async (kind: GoogleKind, flags: { days?: number; db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const { pullGoogle } = await import('../../lazy/google-connect');
        const report = await guarded(async () => pullGoogle(googleDeps(core), kind, flags.days));
        if (ctx.json) return writeJson(ctx, report);
        printPull(ctx, report);
      });
    });
}

function registerDisconnect(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('disconnect')
    .description('Forget a Google connection and its keychain entry (the rows pulled stay)')
    .addArgument(new Argument('<kind>', 'ga4 or gsc').choices(['ga4', 'gsc']))
    .option(...DB)
    .action(async (kind: GoogleKind, flags: { db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const { disconnectGoogle } = await import('../../lazy/google-connect');
        const removed = await disconnectGoogle(googleDeps(core), kind);
        if (ctx.json) return writeJson(ctx, { kind, removed });
        writeLine(ctx.stdout, removed ? `Disconnected ${kind}.` : `${kind} was not connected.`);
      });
    });
}

function registerStatus(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('status')
    .description('What is imported or pulled, per source and site, and the Google connections')
    .option(...DB)
    .addHelpText(
      'after',
      '\nJSON (--json): { catalogueDate, holdings: [{origin, site, table, rows, from, to, importedAt}],\n  connections: [{kind, property, auth, connectedAt, pulledAt, pullError}] }',
    )
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const status = (await core.services.outcomes()).status();
        if (ctx.json) return writeJson(ctx, status);
        printStatus(ctx, status);
      });
    });
}

function registerTraffic(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('traffic')
    .description('Sessions and key events AI engines referred, per engine, landing page and week')
    .option('--days <n>', 'only the last N days (default: all stored)', positive('--days'))
    .option('--site <site>', 'only this site or property')
    .option(...DB)
    .addHelpText(
      'after',
      '\nJSON (--json): { rows: [{from, to, week, referrer, label, engine, landingPage, sessions, keyEvents}],\n  engines: [{referrer, label, engine, sessions, keyEvents, pages}], caveats: [text], empty }',
    )
    .action(async (flags: { days?: number; site?: string; db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const view = (await core.services.outcomes()).traffic({
          ...(flags.days !== undefined ? { days: flags.days } : {}),
          ...(flags.site !== undefined ? { site: flags.site } : {}),
        });
        if (ctx.json) return writeJson(ctx, view);
        printTraffic(ctx, view, core.labelOf);
      });
    });
}

export const registerOutcomesCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const outcomes = program
    .command('outcomes')
    .description('First-party traffic and search data: import, connect, pull, status, traffic, share');
  registerImport(outcomes, ctx);
  registerConnect(outcomes, ctx);
  registerPull(outcomes, ctx);
  registerDisconnect(outcomes, ctx);
  registerStatus(outcomes, ctx);
  registerTraffic(outcomes, ctx);
  registerShare(outcomes, ctx);
};
