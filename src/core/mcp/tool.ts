import type { McpServer, RegisteredTool, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toIpcError } from '../app';
import { AppError, redactSecrets } from '../platform';
import type { ToolReply } from './types';

// One way to register a tool: its input is a zod object schema (the IPC channel's own, or one
// built from the contract's pieces), validated by the SDK before the handler runs; its reply is
// text plus structured content; a failure is a tool error (isError) with the message an
// analyst would see in the app, never a stack.

export interface ToolSpec<S extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** False for a tool that changes something (starting a run). */
  readOnly?: boolean;
  run(input: z.output<S>): ToolReply | Promise<ToolReply>;
}

/** A user-facing message for an error: the core's typed errors keep their message and code. */
export function errorMessage(error: unknown): { code: string; message: string; known: boolean } {
  const known = error instanceof AppError ? error.toIpcError() : toIpcError(error);
  if (known) {
    const fields = known.fields?.map((f) => `${f.field}: ${f.message}`).join('; ');
    return {
      code: known.code,
      message: redactSecrets(fields ? `${known.message} (${fields})` : known.message),
      known: true,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL_ERROR', message: redactSecrets(message), known: false };
}

export function toolError(code: string, message: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `${code}: ${message}` }],
    structuredContent: { error: { code, message } },
    isError: true,
  };
}

export function registerTool<S extends z.ZodObject>(
  server: McpServer,
  spec: ToolSpec<S>,
  log: (message: string) => void,
): RegisteredTool {
  const readOnly = spec.readOnly ?? true;
  const handler = async (input: z.output<S>): Promise<CallToolResult> => {
    try {
      const reply = await spec.run(input);
      return { content: [{ type: 'text', text: reply.text }], structuredContent: reply.data };
    } catch (error) {
      const { code, message, known } = errorMessage(error);
      if (!known) log(`${spec.name}: ${error instanceof Error ? (error.stack ?? message) : message}`);
      return toolError(code, message);
    }
  };
  // The SDK has parsed the arguments with spec.input before it calls back, so they are its output.
  const callback: ToolCallback<z.ZodObject> = (args) => handler(args as z.output<S>);
  return server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input as z.ZodObject,
      annotations: {
        title: spec.title,
        readOnlyHint: readOnly,
        destructiveHint: false,
        idempotentHint: readOnly,
        // Reads touch only the local history; a run reaches the answer engines.
        openWorldHint: !readOnly,
      },
    },
    callback,
  );
}
