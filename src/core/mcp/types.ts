import type { RunSpec } from '../../shared/domain/run-spec';
import type { RunEstimateView } from '../../shared/ipc/channels/runs';
import type { Settings } from '../platform';
import type { HistoryStore } from '../history';
import type { CoreServices } from '../app';

// What the MCP server is built from: the history and services the CLI opens (src/cli/core.ts),
// passed in so the command and the tests build the same server.

/** The run engine as the run tools use it: the CLI core's online side. */
export interface McpOnline {
  estimate(spec: RunSpec): Promise<RunEstimateView>;
  start(spec: RunSpec): Promise<{ runId: string }>;
  /** True when runs go to the built-in sandbox (synthetic answers, no credits). */
  readonly sandbox: boolean;
}

export interface McpDeps {
  store: HistoryStore;
  /** The engine's services over the store (createCore's), reading the settings as saved now. */
  services: CoreServices;
  now: () => number;
  /** The settings as saved now: read again on every call, so a toggle in the app counts at once. */
  readSettings: () => Settings;
  /** Opens the service side (the sandbox, or the configured service with the keychain's key). */
  online: () => Promise<McpOnline>;
  /** Diagnostics: stderr in `parallax mcp` (stdout is the protocol). */
  log: (message: string) => void;
  version: string;
  /** Estimate tokens (random by default; tests may fix them). */
  newToken?: () => string;
}

/** What a tool answers: text for the assistant to read, and the same facts as structured content. */
export interface ToolReply {
  text: string;
  data: Record<string, unknown>;
}
