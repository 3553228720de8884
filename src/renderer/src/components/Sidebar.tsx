import { useRef } from 'react';
import { useAppStore } from '../stores/app-store';
import { VIEW_GROUPS, VIEWS, useNavStore } from '../stores/nav-store';
import { UnreadBadge } from '../views/alerts/UnreadBadge';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { SyncStatus } from './SyncStatus';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

type ViewEntry = (typeof VIEWS)[number];

/** The views in the order they appear: group by group (the arrow keys follow this order). */
const GROUPED = VIEW_GROUPS.map((group) => ({
  group,
  views: VIEWS.filter((v) => v.group === group.id),
}));
const ORDER: readonly ViewEntry[] = GROUPED.flatMap((g) => g.views);

/** What aria-keyshortcuts announces: "Control+Shift+V", "Meta+4". */
function ariaShortcut(v: ViewEntry): string {
  return `${isMac ? 'Meta' : 'Control'}+${v.shift ? 'Shift+' : ''}${v.shortcut}`;
}

/** The visible key hint, in each platform's own notation: "Ctrl+Shift+V" / "⇧⌘V". */
function shortcutLabel(v: ViewEntry): string {
  if (isMac) return `${v.shift ? '⇧' : ''}⌘${v.shortcut}`;
  return `Ctrl+${v.shift ? 'Shift+' : ''}${v.shortcut}`;
}

/**
 * The view switcher, grouped by what the analyst is doing (analyse, collect, review, setup). Arrow
 * keys move across all entries, through the groups; the shortcuts work from anywhere.
 */
export function Sidebar() {
  const { view, go } = useNavStore();
  const info = useAppStore((s) => s.info);
  const navRef = useRef<HTMLElement>(null);

  const onKeyDown = (e: React.KeyboardEvent, index: number): void => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const next = (index + step + ORDER.length) % ORDER.length;
    e.preventDefault();
    navRef.current?.querySelectorAll<HTMLButtonElement>('li > button')[next]?.focus();
  };

  return (
    <aside className="sidebar">
      <h2 className="brand">Parallax {info && <span className="version">{info.version}</span>}</h2>
      {/* Which client's history the window shows: above the views, not one of them. */}
      <WorkspaceSwitcher />
      <SyncStatus />
      <nav aria-label="Views" ref={navRef}>
        {GROUPED.map(({ group, views }) => (
          <div key={group.id} className="nav-group">
            <h3 id={`nav-group-${group.id}`} className="nav-group-heading">
              {group.label}
            </h3>
            <ul aria-labelledby={`nav-group-${group.id}`}>
              {views.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    aria-current={view === v.id ? 'page' : undefined}
                    aria-keyshortcuts={ariaShortcut(v)}
                    tabIndex={view === v.id ? 0 : -1}
                    onClick={() => go(v.id)}
                    onKeyDown={(e) => onKeyDown(e, ORDER.indexOf(v))}
                  >
                    <span>{v.label}</span>
                    {v.id === 'alerts' && <UnreadBadge />}
                    <kbd>{shortcutLabel(v)}</kbd>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
