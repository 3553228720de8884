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

/**
 * Runs `work` and turns a failure into what an error state shows: null when it went through.
 * For store actions whose caller shows the error (a form's save, a row's delete).
 */
export async function errorOf(work: () => Promise<unknown>): Promise<ShownError | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return toShownError(error);
  }
}
