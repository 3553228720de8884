/** A labelled input for a two-letter code (a country such as US, a US state such as CA). */
export function CodeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label>
      {label}
      <input type="text" size={3} maxLength={2} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
