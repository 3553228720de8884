import type { z } from 'zod';

// Building blocks of the typed IPC contract. A channel pairs a zod input schema (checked
// in main on every call) with an output type (a phantom: main is trusted, so its replies
// are typed rather than re-validated).

export interface InvokeChannelDef<I extends z.ZodType, O> {
  readonly input: I;
  /** Never read at run time; carries the output type. */
  readonly output?: O;
}

export function invokeChannel<I extends z.ZodType>(input: I) {
  return {
    returns<O>(): InvokeChannelDef<I, O> {
      return { input };
    },
  };
}

export interface IpcFieldError {
  field: string;
  message: string;
}

/** Error shape of every failed call: stable `code`, human `message`, per-field details when any. */
export interface IpcError {
  code: string;
  message: string;
  fields?: IpcFieldError[];
  /** Extra facts for the UI (request id, status, service error code…); never secrets. */
  details?: Record<string, unknown>;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
