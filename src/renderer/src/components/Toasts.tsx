import { useEffect, useRef } from 'react';
import { useNavStore } from '../stores/nav-store';
import { useToastStore, type Toast } from '../stores/toast-store';

/** At most this many notices on screen, newest on top; the rest wait behind "+N more". */
export const TOASTS_VISIBLE = 3;

const LEVEL_WORD: Record<Toast['level'], string> = {
  info: 'Notice',
  success: 'Done',
  warning: 'Warning',
  error: 'Error',
};

/**
 * Notices belong to the view they were raised in: opening another view clears them (the
 * notice of an export in Compare does not follow the user to Visibility).
 */
function useClearOnViewChange(): void {
  const view = useNavStore((s) => s.view);
  const dismissAll = useToastStore((s) => s.dismissAll);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    dismissAll();
  }, [view, dismissAll]);
}

/**
 * Notices in the bottom-right corner. Screen readers hear each notice once, when it is pushed
 * (a polite live region of its own), so a notice moving up when another is dismissed is not
 * announced again; the level is said in words since on screen it is only a colour.
 */
export function Toasts() {
  const { toasts, latest, dismiss, dismissAll } = useToastStore();
  useClearOnViewChange();
  const shown = toasts.slice(-TOASTS_VISIBLE).reverse();
  const hidden = toasts.length - shown.length;
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="toast-announcer">
        {latest && <p key={latest.id}>{`${LEVEL_WORD[latest.level]}: ${latest.message}`}</p>}
      </div>
      {toasts.length > 0 && (
        <section className="toasts" aria-label="Notifications">
          <ul>
            {shown.map((t) => (
              <li key={t.id} className={`toast toast-${t.level}`}>
                <span className="visually-hidden">{LEVEL_WORD[t.level]}: </span>
                <span>{t.message}</span>
                {t.action && (
                  <button
                    type="button"
                    className="small toast-action"
                    onClick={() => {
                      t.action?.run();
                      dismiss(t.id);
                    }}
                  >
                    {t.action.label}
                  </button>
                )}
                <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <div className="toast-more">
              <span>+{hidden} more</span>
              <button type="button" className="small" onClick={dismissAll}>
                Dismiss all
              </button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
