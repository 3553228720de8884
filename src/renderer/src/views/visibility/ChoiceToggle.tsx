/** A row of pressed/unpressed buttons choosing one of a few ways to show a panel. */
export function ChoiceToggle<T extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  /** The group's accessible name ("Leaderboard: show"). */
  label: string;
  choices: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange(value: T): void;
}) {
  return (
    <div className="vis-toggle" role="group" aria-label={label}>
      {choices.map(([id, text]) => (
        <button
          key={id}
          type="button"
          className="small"
          aria-pressed={value === id}
          onClick={() => onChange(id)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
