import type { IpcFieldError } from '../../../shared/ipc/define';
import { IpcCallError } from '../ipc/client';

/** What an error state shows: the stable code, the message and any per-field problems. */
export interface ShownError {
  code: string;
  message: string;
  fields: IpcFieldError[];
  requestId: string | null;
}

export function toShownError(error: unknown): ShownError {
  if (error instanceof IpcCallError) {
    const requestId = error.error.details?.['requestId'];
    return {
      code: error.code,
      message: error.message,
      fields: error.error.fields ?? [],
      requestId: typeof requestId === 'string' ? requestId : null,
    };
  }
  return {
    code: 'RENDERER_ERROR',
    message: error instanceof Error ? error.message : String(error),
    fields: [],
    requestId: null,
  };
}
