import { useState } from 'react';

interface Props {
  /** The button's accessible name, and the name of the confirm dialog it opens. */
  label: string;
  /** Visible text when it should be shorter than the label (the label then names the target). */
  text?: string;
  /** The warning the user must read before confirming. */
  warning: string;
  confirmLabel: string;
  onConfirm(): void | Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}

/** A button that first shows an inline warning with Confirm / Keep buttons. */
export function ConfirmButton({
  label,
  text,
  warning,
  confirmLabel,
  onConfirm,
  disabled,
  danger = true,
}: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        disabled={disabled}
        aria-label={text !== undefined && text !== label ? label : undefined}
        onClick={() => setAsking(true)}
      >
        {text ?? label}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-label={label} className="confirm">
      <p>{warning}</p>
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        onClick={() => {
          setAsking(false);
          void onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" autoFocus onClick={() => setAsking(false)}>
        Keep
      </button>
    </div>
  );
}
