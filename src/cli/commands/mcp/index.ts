import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AppError, openSettingsStore, defaultSettings, type Settings } from '../../../core/platform';
import { createParallaxMcpServer, type McpDeps, type McpOnline } from '../../../core/mcp';
import { CliUsageError, writeLine, type CliContext } from '../../context';
import { listenForInterrupt } from '../../interrupt';
import { withCliCore, type CliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax mcp`: the local history as a Model Context Protocol server on stdin/stdout, for an
// analyst's AI assistant (a desktop MCP client starts it). stdout carries only the protocol:
// diagnostics go to stderr. It serves until the client closes stdin (or sends SIGTERM/SIGINT),
// then closes the history like any other command.

const HELP = `
Configure a desktop MCP client to start it, e.g. (claude_desktop_config.json and the like):
  { "mcpServers": { "parallax": { "command": "npx", "args": ["--prefix", "/path/to/parallax", "parallax", "mcp"] } } }

Tools: list_runs, get_run, list_monitors, list_brands, search_answers, get_result,
compare_locations, brand_visibility, visibility_breakdown, cited_sources, citation_gaps,
cited_pages, list_alerts; and estimate_run + start_run only while Settings → AI assistants
(MCP) → "may start runs" is on (a run needs its estimate first and keeps to the budget cap;
sandbox runs are always allowed).`;

interface McpFlags {
  db?: string;
  sandbox?: boolean;
}

/** The settings as saved now (the app may change them while the server runs); defaults if unreadable. */
function settingsReader(env: NodeJS.ProcessEnv, log: (m: string) => void): () => Settings {
  return () => {
    try {
      return openSettingsStore({ env }).get();
    } catch (error) {
      log(`settings: ${error instanceof Error ? error.message : String(error)}; using the defaults`);
      return defaultSettings();
    }
  };
}

function onlineOf(core: CliCore): () => Promise<McpOnline> {
  return async () => {
    try {
      const online = await core.online();
      const sandbox = online.sandbox !== null;
      return {
        sandbox,
        estimate: (spec) => online.engine.estimate(spec),
        start: async (spec) =>
          online.engine.start(spec, { keyLabel: await online.keyLabel(), sandbox, baseUrl: online.baseUrl }),
      };
    } catch (error) {
      // No key or no base URL: the assistant gets the same sentence the CLI prints.
      if (error instanceof CliUsageError) throw new AppError('SERVICE_NOT_CONFIGURED', error.message);
      throw error;
    }
  };
}

/** Serves until the client goes away: stdin ends, or a signal asks to stop. */
async function serve(ctx: CliContext, deps: McpDeps): Promise<void> {
  const { server, stop: stopBackground } = createParallaxMcpServer(deps);
  const transport = new StdioServerTransport(ctx.stdin, ctx.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  const stop = (): void => void server.close();
  ctx.stdin.once('end', stop);
  // Ctrl-C or SIGTERM: closed the same way. A server asked to stop ends 0, as `sandbox` does.
  const interrupt = listenForInterrupt();
  interrupt.signal.addEventListener('abort', stop, { once: true });
  try {
    await server.connect(transport);
    deps.log(`parallax mcp ${deps.version}: serving ${deps.store.path} on stdio`);
    await closed;
  } finally {
    stopBackground();
    ctx.stdin.off('end', stop);
    interrupt.dispose();
  }
}

export const registerMcpCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('mcp')
    .description('Serve the local history to an AI assistant over the Model Context Protocol (stdio)')
    .option('--sandbox', 'runs the assistant starts go to the built-in sandbox (default: as Settings say)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (flags: McpFlags) => {
      const log = (message: string): void => writeLine(ctx.stderr, `parallax mcp: ${message}`);
      // stdout is the protocol: a stray console line from anywhere would corrupt it.
      console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
      const readSettings = settingsReader(ctx.env, log);
      const sandbox = flags.sandbox === true || readSettings().sandboxMode;
      await withCliCore(
        ctx,
        { db: flags.db, sandbox },
        async (core) => {
          await serve(ctx, {
            store: core.store,
            services: core.services,
            now: Date.now,
            readSettings,
            online: onlineOf(core),
            log,
            version: program.version() ?? '0.0.0',
          });
        },
        { readSettings },
      );
    });
};
