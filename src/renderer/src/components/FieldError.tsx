/** The messages for one input, linked to it with aria-describedby={id}. */
export function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {messages.join(' · ')}
    </p>
  );
}

/** Props that mark an input invalid and point it at its FieldError. */
export function invalidProps(id: string, messages: string[] | undefined) {
  return messages && messages.length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}
