/** "Chart | Table": every chart has a table with the same numbers, for screen readers and for reading. */
export function ViewToggle({
  label,
  table,
  onChange,
}: {
  label: string;
  table: boolean;
  onChange(table: boolean): void;
}) {
  return (
    <div className="vis-toggle" role="group" aria-label={`${label}: show as`}>
      <button type="button" className="small" aria-pressed={!table} onClick={() => onChange(false)}>
        Chart
      </button>
      <button type="button" className="small" aria-pressed={table} onClick={() => onChange(true)}>
        Table
      </button>
    </div>
  );
}
