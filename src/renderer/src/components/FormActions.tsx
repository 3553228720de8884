interface Props {
  /** The submit button's text while idle ("Save set"). */
  saveLabel: string;
  /** While true the submit button reads "Saving…". */
  saving?: boolean;
  disabled?: boolean;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
}

/** A form's closing row: the primary submit button, and Cancel where the form can be left. */
export function FormActions({ saveLabel, saving = false, disabled, onCancel }: Props) {
  return (
    <div className="row form-actions">
      <button type="submit" className="primary" disabled={disabled}>
        {saving ? 'Saving…' : saveLabel}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
