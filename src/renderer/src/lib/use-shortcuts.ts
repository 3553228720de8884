import { useEffect } from 'react';
import { VIEWS, useNavStore } from '../stores/nav-store';

/** Ctrl/Cmd+digit switches views from anywhere (each view's digit is in VIEWS). */
export function useViewShortcuts(enabled: boolean): void {
  const go = useNavStore((s) => s.go);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const target = VIEWS.find((v) => v.shortcut === e.key);
      if (!target) return;
      e.preventDefault();
      go(target.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, go]);
}
