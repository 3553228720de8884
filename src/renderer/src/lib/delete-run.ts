import { call } from '../ipc/client';
import { useCompareStore } from '../stores/compare-store';
import { useNavStore } from '../stores/nav-store';
import { useRunBoardStore } from '../stores/run-board-store';

/**
 * Deletes a stored run (runs.delete refuses one in progress) and makes every view that
 * showed it let go, so the Run board and Compare do not keep a run that no longer exists.
 */
export async function deleteRun(runId: string): Promise<boolean> {
  const { deleted } = await call('runs.delete', { runId });
  useNavStore.getState().forgetRun(runId);
  if (useRunBoardStore.getState().runId === runId) {
    useRunBoardStore.setState(useRunBoardStore.getInitialState(), true);
  }
  if (useCompareStore.getState().runId === runId) {
    useCompareStore.setState(useCompareStore.getInitialState(), true);
  }
  return deleted;
}
