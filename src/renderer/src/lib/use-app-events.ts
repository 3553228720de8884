import { useEffect } from 'react';
import { subscribe } from '../ipc/client';
import { useAppStore } from '../stores/app-store';
import { useToastStore } from '../stores/toast-store';

/** App-wide events from main: notices and a revoked key (ask for a new one; nothing is lost). */
export function useAppEvents(): void {
  const push = useToastStore((s) => s.push);
  useEffect(() => {
    const offNotice = subscribe('app.notice', (n) => push(n.level, n.message));
    const offRevoked = subscribe('key.revoked', (e) => {
      push('error', `API key rejected: ${e.message}. Enter a new key in Settings.`);
      const key = useAppStore.getState().key;
      if (key) useAppStore.getState().setKeyStatus({ ...key, state: 'revoked' });
    });
    return () => {
      offNotice();
      offRevoked();
    };
  }, [push]);
}
