import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { INVOKE_CHANNEL_NAMES, ipcEventName, ipcInvokeName } from '../shared/ipc/contract';
import type { EventBus } from '../core/platform';
import type { IpcRouter } from '../core/app';
import { isTrustedSender, type TrustedRenderer } from './trusted-sender';

/**
 * Registers one ipcMain handler per contract channel. Each call is checked to come from the
 * app's own top-level frame before the router validates its payload and runs the handler.
 */
export function registerIpc(router: IpcRouter, trusted: TrustedRenderer): void {
  for (const channel of INVOKE_CHANNEL_NAMES) {
    ipcMain.handle(ipcInvokeName(channel), (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      const trustedFrame =
        frame !== null && isTrustedSender({ url: frame.url, isMainFrame: frame.parent === null }, trusted);
      if (!trustedFrame) {
        return {
          ok: false,
          error: { code: 'FORBIDDEN_SENDER', message: 'IPC call from an untrusted frame' },
        };
      }
      return router.invoke(channel, payload);
    });
  }
}

/** Forwards main-to-renderer events to the window, if it is still open. */
export function forwardEvents(events: EventBus, getWindow: () => BrowserWindow | null): () => void {
  return events.subscribe((event, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(ipcEventName(event), payload);
  });
}
