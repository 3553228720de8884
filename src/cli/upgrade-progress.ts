import type { Writable } from 'node:stream';
import type { BackfillProgress } from '../core/history';

// The one-time upgrade of answers stored before schema 7 (compression and search indexing) can
// take minutes on a large history: a command says so on stderr and shows how far it is, every
// 10 %, instead of looking hung.

export function upgradeProgressPrinter(stderr: Writable): (progress: BackfillProgress) => void {
  let shownTenth = -1;
  return ({ done, total }) => {
    if (total === 0) return;
    if (done === 0) {
      stderr.write(
        `Compressing and indexing ${total.toLocaleString('en')} answers stored before this version…\n`,
      );
      return;
    }
    const tenth = Math.floor((done / total) * 10);
    if (tenth === shownTenth) return;
    shownTenth = tenth;
    stderr.write(`  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} answers upgraded\n`);
  };
}
