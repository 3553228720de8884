import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

// `parallax mcp` as a desktop MCP client runs it: the real bin as a child process, driven by the
// SDK's own Client over stdio. A clean user data folder and only the key the test gives, so a
// test never touches the developer's history, settings or keychain.

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'parallax.mjs');

export interface McpSession {
  client: Client;
  /** Everything the server wrote on stderr so far (stdout is the protocol). */
  stderr(): string;
  /** Errors the client met reading the server's stdout (a stray non-JSON line would land here). */
  protocolErrors: Error[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function startMcp(options: {
  userDataDir: string;
  args: string[];
  env?: Record<string, string>;
}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...options.args],
    env: {
      ...(process.env as Record<string, string>),
      PARALLAX_USER_DATA_DIR: options.userDataDir,
      PARALLAX_API_KEY: '',
      ...options.env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'parallax-test', version: '1.0.0' });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    protocolErrors,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a tool reply (its one text block). */
export function textOf(result: CallToolResult): string {
  return result.content
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

/** The structured content of a successful reply, typed by the caller. */
export function dataOf<T>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${textOf(result)}`);
  return result.structuredContent as T;
}
