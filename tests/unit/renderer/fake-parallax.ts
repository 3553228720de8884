import {
  type EventChannelName,
  type EventPayload,
  type InvokeChannelName,
  type InvokeInput,
  type ParallaxApi,
  isInvokeChannel,
} from '../../../src/shared/ipc/contract';
import type { IpcError } from '../../../src/shared/ipc/define';
import { defaultHandlers, type Handler, type Handlers } from './fake-handlers';

// A test double of window.parallax for component tests (the real main runs in the e2e suite).
// It answers every channel the views use with realistic view objects, records each call, and
// can emit main→renderer events. Tests override single channels with `handle`.

export type { Handler } from './fake-handlers';
export * from './fake-samples';

/** Thrown by a handler to make the call fail with this IpcError. */
export class FakeIpcFailure extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
  }
}

export function fail(code: string, message: string, fields?: IpcError['fields']): never {
  throw new FakeIpcFailure({ code, message, ...(fields ? { fields } : {}) });
}

export interface RecordedCall {
  channel: InvokeChannelName;
  input: unknown;
}

export interface FakeParallax {
  api: ParallaxApi;
  calls: RecordedCall[];
  callsTo<C extends InvokeChannelName>(channel: C): Array<InvokeInput<C>>;
  handle<C extends InvokeChannelName>(channel: C, handler: Handler<C>): void;
  emit<E extends EventChannelName>(event: E, payload: EventPayload<E>): void;
}

/** Installs a fresh fake on window.parallax and returns it. */
export function installFakeParallax(overrides: Handlers = {}): FakeParallax {
  const handlers: Handlers = { ...defaultHandlers(), ...overrides };
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: RecordedCall[] = [];
  const api: ParallaxApi = {
    async invoke(channel, input) {
      calls.push({ channel, input });
      if (!isInvokeChannel(channel))
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: channel } };
      const handler = handlers[channel] as ((i: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { code: 'NOT_IMPLEMENTED_IN_FAKE', message: channel } };
      try {
        const value = await handler(input);
        return { ok: true, value } as never;
      } catch (e) {
        if (e instanceof FakeIpcFailure) return { ok: false, error: e.error };
        throw e;
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
  Object.defineProperty(window, 'parallax', { configurable: true, value: api });
  return {
    api,
    calls,
    callsTo: <C extends InvokeChannelName>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.input as InvokeInput<C>),
    handle: (channel, handler) => {
      (handlers as Record<string, unknown>)[channel] = handler;
    },
    emit: (event, payload) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}
