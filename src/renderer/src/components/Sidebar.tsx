import { useRef } from 'react';
import { useAppStore } from '../stores/app-store';
import { VIEWS, useNavStore } from '../stores/nav-store';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** The view switcher. Arrow keys move between entries; Ctrl/Cmd+digit works from anywhere. */
export function Sidebar() {
  const { view, go } = useNavStore();
  const info = useAppStore((s) => s.info);
  const listRef = useRef<HTMLUListElement>(null);

  const onKeyDown = (e: React.KeyboardEvent, index: number): void => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const next = (index + step + VIEWS.length) % VIEWS.length;
    e.preventDefault();
    listRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <nav className="sidebar" aria-label="Views">
      <h2 className="brand">Parallax {info && <span className="version">{info.version}</span>}</h2>
      <ul ref={listRef}>
        {VIEWS.map((v, i) => (
          <li key={v.id}>
            <button
              type="button"
              aria-current={view === v.id ? 'page' : undefined}
              aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${v.shortcut}`}
              tabIndex={view === v.id ? 0 : -1}
              onClick={() => go(v.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              <span>{v.label}</span>
              <kbd>
                {isMac ? '⌘' : 'Ctrl+'}
                {v.shortcut}
              </kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
