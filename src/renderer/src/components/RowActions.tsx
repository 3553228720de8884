import { ConfirmButton } from './ConfirmButton';

/**
 * The table header of a list whose last column holds each row's action buttons: that column's
 * heading is for screen readers only.
 */
export function ActionsTableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c}>{c}</th>
        ))}
        <th>
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** A small button in a row's actions; `label` names the row too, since the visible text does not. */
export function RowButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

/** A row's Delete button, which asks with `warning` before `onConfirm` deletes. */
export function DeleteRowButton({
  label,
  warning,
  onConfirm,
}: {
  label: string;
  warning: string;
  onConfirm(): void | Promise<void>;
}) {
  return (
    <ConfirmButton
      label={label}
      text="Delete"
      warning={warning}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
