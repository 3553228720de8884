import { useEffect } from 'react';
import { VIEWS, useNavStore } from '../stores/nav-store';

/** Ctrl/Cmd+1…8 switch views from anywhere. */
export function useViewShortcuts(enabled: boolean): void {
  const go = useNavStore((s) => s.go);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const n = Number.parseInt(e.key, 10);
      const target = VIEWS[n - 1];
      if (!Number.isInteger(n) || !target) return;
      e.preventDefault();
      go(target.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, go]);
}
