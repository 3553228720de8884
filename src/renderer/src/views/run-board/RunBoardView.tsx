import { useEffect } from 'react';
import { formatDuration, formatNumber } from '../../lib/format';
import { runName } from '../../lib/run-label';
import { useNavStore } from '../../stores/nav-store';
import { useRunBoardStore } from '../../stores/run-board-store';
import { ExportMenu } from '../../components/ExportMenu';
import { RunPicker } from '../../components/RunPicker';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { ScreenSyntheticBadge } from '../../components/SyntheticBadge';
import { JobGrid } from './JobGrid';
import { RunControls } from './RunControls';
import { UnreceivedCredits } from './UnreceivedCredits';

export function RunBoardView() {
  const { runId, openRun, go } = useNavStore();
  const board = useRunBoardStore();
  const { load } = board;

  useEffect(() => {
    if (runId && runId !== useRunBoardStore.getState().runId) void load(runId);
  }, [runId, load]);

  const { detail, progress } = board;
  const total = progress?.total ?? detail?.total ?? 0;
  const counts = progress?.counts ?? detail?.counts;
  const finishedJobs = counts
    ? (counts.succeeded ?? 0) + (counts.failed ?? 0) + (counts.canceled ?? 0) + (counts.interrupted ?? 0)
    : 0;
  const errors = [
    ...(progress?.recentErrors ?? []),
    ...board.cells
      .filter((c) => c.error && !(progress?.recentErrors ?? []).some((e) => e.jobId === c.jobId))
      .map((c) => ({
        jobId: c.jobId,
        code: c.error?.code ?? null,
        message: c.error?.message ?? '',
        requestId: c.error?.requestId ?? null,
      })),
  ];

  return (
    <section aria-labelledby="run-heading" className="view">
      <h1 id="run-heading">Run</h1>
      <div className="row">
        <RunPicker runId={runId} onPick={(id) => openRun(id, 'run')} />
        {runId && <ExportMenu runId={runId} />}
      </div>
      {!runId && <Empty>No runs yet. Compose one first.</Empty>}
      {board.loading && <Loading />}
      {board.error && <ErrorState error={board.error} onRetry={() => runId && void load(runId)} />}
      {detail && (
        <>
          <div className="panel run-summary">
            <h2>
              {runName(detail)}{' '}
              <span className={`status status-${progress?.status ?? detail.status}`}>
                {progress?.status ?? detail.status}
              </span>
              <ScreenSyntheticBadge synthetic={detail.sandbox} />
            </h2>
            <progress aria-label="Run progress" max={Math.max(1, total)} value={finishedJobs} />
            <p data-testid="run-progress-text">
              {finishedJobs} / {total} jobs done · {counts?.succeeded ?? 0} succeeded · {counts?.failed ?? 0}{' '}
              failed
              {progress?.etaMs ? ` · about ${formatDuration(progress.etaMs)} left` : ''}
            </p>
            <dl className="facts horizontal">
              <dt>Slots in use</dt>
              <dd>{progress ? `${progress.slotsInUse} / ${progress.slotLimit}` : '—'}</dd>
              <dt>Credits spent</dt>
              <dd>
                {formatNumber(
                  (progress?.creditsSpent ?? detail.creditsCharged) +
                    (progress?.creditsUnreceived ?? detail.creditsUnreceived),
                )}{' '}
                of max {formatNumber(progress?.maxCredits ?? detail.maxCredits)}
              </dd>
              <UnreceivedCredits
                unreceived={progress?.creditsUnreceived ?? detail.creditsUnreceived}
                unattributable={detail.creditsUnattributable}
              />
              <dt>Credits remaining</dt>
              <dd>{formatNumber(progress?.creditsRemaining)}</dd>
              <dt>Rate limit remaining</dt>
              <dd>{formatNumber(progress?.rateLimitRemaining)}</dd>
              <dt>Mode</dt>
              <dd>{detail.mode}</dd>
            </dl>
            {progress?.notices.map((n) => (
              <p key={n} className="warning">
                {n}
              </p>
            ))}
            <RunControls detail={detail} progress={progress} />
            <button type="button" className="primary" onClick={() => go('compare')}>
              Open compare
            </button>
          </div>
          <div className="panel">
            <h2>Jobs</h2>
            <JobGrid cells={board.cells} onOpen={() => go('compare')} />
          </div>
          {board.actionError && <ErrorState error={board.actionError} />}
          {errors.length > 0 && (
            <div className="panel">
              <h2>Errors</h2>
              <table className="table" aria-label="Job errors">
                <thead>
                  <tr>
                    <th>Code</th>
                    <th>Message</th>
                    <th>Request id</th>
                  </tr>
                </thead>
                <tbody>
                  {errors.map((e) => (
                    <tr key={e.jobId}>
                      <td>
                        <code>{e.code ?? '—'}</code>
                      </td>
                      <td>{e.message}</td>
                      <td>
                        <code>{e.requestId ?? '—'}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
