import { useState } from 'react';

interface Props {
  label: string;
  /** The warning the user must read before confirming. */
  warning: string;
  confirmLabel: string;
  onConfirm(): void | Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}

/** A button that first shows an inline warning with Confirm / Keep buttons. */
export function ConfirmButton({ label, warning, confirmLabel, onConfirm, disabled, danger = true }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
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
