/** Shown wherever sandbox (synthetic) data is on screen. */
export function SyntheticBadge() {
  return (
    <span className="badge badge-synthetic" title="Answers come from the built-in sandbox, not real engines">
      Sandbox · synthetic data
    </span>
  );
}
