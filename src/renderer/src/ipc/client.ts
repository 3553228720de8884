import type {
  EventChannelName,
  EventPayload,
  InvokeChannelName,
  InvokeInput,
  InvokeOutput,
} from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/ipc/define';

/** A failed IPC call, with the service's per-field errors when there are any. */
export class IpcCallError extends Error {
  override readonly name = 'IpcCallError';
  constructor(readonly error: IpcError) {
    super(error.message);
  }
  get code(): string {
    return this.error.code;
  }
}

/** Calls a contract channel and returns its value, or throws IpcCallError. */
export async function call<C extends InvokeChannelName>(
  channel: C,
  input: InvokeInput<C>,
): Promise<InvokeOutput<C>> {
  const result = await window.parallax.invoke(channel, input);
  if (!result.ok) throw new IpcCallError(result.error);
  return result.value;
}

export function subscribe<E extends EventChannelName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return window.parallax.on(event, listener);
}
