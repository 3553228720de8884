import type { IpcError } from '../../shared/ipc/define';
import { isApiError, MonitorInputError, RunRefusedError } from '../runs';
import { HistoryDamagedError, HistoryOpenError, HistoryStateError } from '../history';

/**
 * Turns the typed errors of the core's services into IPC errors the UI can act on: the
 * service's code and per-field messages, the request id to quote to support, and never a
 * stack. Returns null for errors it does not know (the router reports those as internal).
 */
export function toIpcError(error: unknown): IpcError | null {
  if (isApiError(error)) {
    const details: Record<string, unknown> = { kind: error.kind, attempts: error.attempts };
    if (error.status !== undefined) details['status'] = error.status;
    if (error.requestId !== undefined) details['requestId'] = error.requestId;
    if (error.details !== undefined) details['service'] = error.details;
    return {
      code: error.code ?? apiKindCode(error.kind),
      message: error.message,
      ...(error.fieldErrors?.length ? { fields: error.fieldErrors } : {}),
      details,
    };
  }
  if (error instanceof RunRefusedError) {
    return {
      code: 'RUN_REFUSED',
      message: error.message,
      details: {
        maxCredits: error.estimate.maxCredits,
        balance: error.estimate.balance,
        budget: error.estimate.budget,
      },
      ...(error.estimate.fieldErrors.length ? { fields: error.estimate.fieldErrors } : {}),
    };
  }
  if (error instanceof MonitorInputError) return { code: 'INVALID_MONITOR', message: error.message };
  if (error instanceof HistoryStateError)
    return { code: `HISTORY_${error.code.toUpperCase().replace(/-/g, '_')}`, message: error.message };
  if (error instanceof HistoryDamagedError) return { code: 'HISTORY_DAMAGED', message: error.message };
  if (error instanceof HistoryOpenError)
    return { code: `HISTORY_${error.kind.toUpperCase().replace(/-/g, '_')}`, message: error.message };
  return null;
}

function apiKindCode(kind: string): string {
  return `API_${kind.toUpperCase().replace(/-/g, '_')}`;
}
