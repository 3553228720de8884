import { useEffect } from 'react';
import { VIEWS, useNavStore } from '../stores/nav-store';

/** Ctrl/Cmd+key (digits in sidebar order, Ctrl/Cmd+, for Settings) switches views from anywhere (VIEWS). */
export function useViewShortcuts(enabled: boolean): void {
  const go = useNavStore((s) => s.go);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      // e.key of a shifted letter is upper case; compare case-blind and on the Shift state.
      const target = VIEWS.find((v) => v.shift === e.shiftKey && v.shortcut === e.key.toUpperCase());
      if (!target) return;
      e.preventDefault();
      go(target.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, go]);
}
