import type { Writable } from 'node:stream';
import { type RunEngineDeps, blockedLine } from '../core/runs';

/**
 * What `run`, `resume` and `monitors run` print when the history cannot be written (issue
 * 31.2): one line naming the file, the space needed and what Ctrl-C does, then one when it
 * can be written again and the run goes on by itself.
 */
export function storageLines(stream: Writable): Pick<RunEngineDeps, 'onStorageBlocked' | 'onStorageCleared'> {
  return {
    onStorageBlocked: (info) => stream.write(`\n${blockedLine(info)}\n`),
    onStorageCleared: (info) =>
      stream.write(
        `The history file ${info.path} can be written again (after ${Math.round(info.heldMs / 1000)} s): the run goes on.\n`,
      ),
  };
}
