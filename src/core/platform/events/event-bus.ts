import type { EventChannelName, EventPayload } from '../../../shared/ipc/contract';
import { eventChannels } from '../../../shared/ipc/events';

export type EventListener = <E extends EventChannelName>(event: E, payload: EventPayload<E>) => void;

export interface EventBus {
  /** Validates the payload against the contract, then delivers it to every subscriber. */
  emit<E extends EventChannelName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: EventListener): () => void;
}

/** Main-to-renderer events; Electron forwards them with webContents.send, the e2e bridge into the page. */
export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      const checked = eventChannels[event].parse(payload) as EventPayload<typeof event>;
      for (const listener of listeners) listener(event, checked);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
