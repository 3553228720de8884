import { ago } from './format-age';
import { formatBytes } from './format-bytes';
import type { TeamSeedView } from './ipc/channels/team';

// A team workspace's seed in words, for `parallax team status` and Settings → Team: whether a
// new desktop starts from one (minutes for a million answers) or indexes every answer itself.

export function seedText(seed: TeamSeedView | null, now: number): string {
  if (!seed) return 'no seed yet: a new desktop indexes every answer itself';
  return `seed published ${ago(now - seed.createdAt)} (${seed.answers.toLocaleString('en-US')} answers, ${formatBytes(seed.bytes)})`;
}
