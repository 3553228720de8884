import { useCallback, useRef } from 'react';

/**
 * Synchronized scrolling between several panes: scrolling one moves the others to the same
 * relative position. A guard ignores the scroll events our own writes cause.
 */
export function useSyncScroll(enabled: boolean) {
  const panes = useRef(new Map<string, HTMLElement>());
  const driving = useRef<string | null>(null);

  const register = useCallback(
    (key: string) => (el: HTMLElement | null) => {
      if (el) panes.current.set(key, el);
      else panes.current.delete(key);
    },
    [],
  );

  const onScroll = useCallback(
    (key: string) => {
      if (!enabled) return;
      if (driving.current !== null && driving.current !== key) return;
      const source = panes.current.get(key);
      if (!source) return;
      driving.current = key;
      const range = source.scrollHeight - source.clientHeight;
      const ratio = range > 0 ? source.scrollTop / range : 0;
      for (const [k, pane] of panes.current) {
        if (k === key) continue;
        pane.scrollTo({ top: ratio * (pane.scrollHeight - pane.clientHeight) });
      }
      requestAnimationFrame(() => {
        driving.current = null;
      });
    },
    [enabled],
  );

  return { register, onScroll };
}
