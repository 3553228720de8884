import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over the whole window (backdrop, centred): whatever the list was scrolled to,
 * the question is in front of the user. Tab stays inside it, Escape cancels, and the element
 * marked `data-autofocus` (the safe choice) has the focus when it opens.
 */
export function ModalDialog({
  label,
  describedBy,
  onCancel,
  role = 'alertdialog',
  children,
}: {
  label: string;
  describedBy?: string;
  onCancel(): void;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    (
      box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
  }, []);

  const onKeyDown = (e: React.KeyboardEvent): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-describedby={describedBy}
        className="modal panel"
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
