import type { z } from 'zod';
import {
  invokeChannels,
  isInvokeChannel,
  type InvokeChannelName,
  type InvokeOutput,
  type InvokeParsedInput,
} from '../../../shared/ipc/contract';
import type { IpcError, IpcResult } from '../../../shared/ipc/define';
import { AppError } from '../../platform';

export type IpcHandler<C extends InvokeChannelName> = (
  input: InvokeParsedInput<C>,
) => Promise<InvokeOutput<C>> | InvokeOutput<C>;

/** One handler per channel of the contract: a missing or mistyped one is a type error. */
export type IpcHandlers = { [C in InvokeChannelName]: IpcHandler<C> };

export interface IpcRouter {
  /** Validates the channel and payload, runs the handler, and never throws. */
  invoke(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
}

export interface IpcRouterOptions {
  /** Scrubs secrets from any message that leaves main (see secrets/redact). */
  redact?: (text: string) => string;
  /** Maps the core's typed errors (API, store, run engine) to IPC errors; null for unknown ones. */
  mapError?: (error: unknown) => IpcError | null;
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

/**
 * The plain-Node side of IPC, shared by Electron's ipcMain wiring and the e2e test bridge,
 * so both enforce exactly the same contract and validation.
 */
export function createIpcRouter(handlers: IpcHandlers, options: IpcRouterOptions = {}): IpcRouter {
  const redact = options.redact ?? ((text: string) => text);
  return {
    async invoke(channel, payload) {
      if (!isInvokeChannel(channel)) {
        return failure({
          code: 'UNKNOWN_CHANNEL',
          message: `Unknown IPC channel: ${String(channel).slice(0, 80)}`,
        });
      }
      const schema: z.ZodType = invokeChannels[channel].input;
      const parsed = schema.safeParse(payload ?? {});
      if (!parsed.success) {
        return failure({
          code: 'VALIDATION_ERROR',
          message: `Invalid input for ${channel}`,
          fields: parsed.error.issues.map((issue) => ({
            field: issue.path.map(String).join('.') || '(input)',
            message: issue.message,
          })),
        });
      }
      try {
        const handler = handlers[channel] as (input: unknown) => unknown;
        const value = await handler(parsed.data);
        return { ok: true, value };
      } catch (error) {
        const known = error instanceof AppError ? error.toIpcError() : (options.mapError?.(error) ?? null);
        if (known) return failure({ ...known, message: redact(known.message) });
        options.onUnexpectedError?.(channel, error);
        const message = error instanceof Error ? error.message : String(error);
        return failure({ code: 'INTERNAL_ERROR', message: redact(message) });
      }
    },
  };
}

function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}
