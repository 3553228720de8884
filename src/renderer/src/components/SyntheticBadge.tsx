import { useSandboxMode } from '../stores/app-store';

/** Shown wherever sandbox (synthetic) data is on screen. */
export function SyntheticBadge() {
  return (
    <span className="badge badge-synthetic" title="Answers come from the built-in sandbox, not real engines">
      Sandbox · synthetic data
    </span>
  );
}

/**
 * One synthetic-data badge per screen: in sandbox mode the banner over every view is that
 * badge, so a view adds none; with a real key, a view showing synthetic answers (the demo)
 * shows one, in its header, never one per answer.
 */
export function ScreenSyntheticBadge({ synthetic }: { synthetic: boolean }) {
  const banner = useSandboxMode();
  return synthetic && !banner ? <SyntheticBadge /> : null;
}
