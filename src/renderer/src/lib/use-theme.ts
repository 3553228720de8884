import { useEffect } from 'react';

/** Applies the theme setting: light/dark force it; system follows prefers-color-scheme (CSS). */
export function useTheme(theme: 'system' | 'light' | 'dark' | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!theme || theme === 'system') delete root.dataset['theme'];
    else root.dataset['theme'] = theme;
  }, [theme]);
}
