import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  ipcEventName,
  ipcInvokeName,
  isEventChannel,
  isInvokeChannel,
  type ParallaxApi,
} from '../shared/ipc/contract';

// Exposes exactly the IPC contract on window.parallax: named channels only, never the raw
// ipcRenderer, so the page cannot reach any other channel.
const api: ParallaxApi = {
  invoke(channel, input) {
    if (!isInvokeChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: `Unknown IPC channel: ${String(channel)}` },
      });
    }
    return ipcRenderer.invoke(ipcInvokeName(channel), input);
  },
  on(event, listener) {
    if (!isEventChannel(event)) throw new Error(`Unknown IPC event: ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload as never);
    ipcRenderer.on(ipcEventName(event), wrapped);
    return () => {
      ipcRenderer.removeListener(ipcEventName(event), wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('parallax', Object.freeze(api));
