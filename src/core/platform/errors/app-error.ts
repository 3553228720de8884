import type { IpcError, IpcFieldError } from '../../../shared/ipc/define';

/**
 * An error meant for the user: a stable code, a specific message and, for bad input,
 * one entry per field. Anything else that reaches the IPC boundary is reported as
 * INTERNAL_ERROR with its message (redacted), never with a stack.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: string,
    message: string,
    readonly extra: { fields?: IpcFieldError[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
  }

  toIpcError(): IpcError {
    return {
      code: this.code,
      message: this.message,
      ...(this.extra.fields ? { fields: this.extra.fields } : {}),
      ...(this.extra.details ? { details: this.extra.details } : {}),
    };
  }
}
