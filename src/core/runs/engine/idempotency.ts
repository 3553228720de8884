// An async task's idempotency key comes from its run and job ids alone, so every
// resubmission of the same job (a retry, a resume after a crash) carries the same key and
// the service answers "already exists" instead of creating a second, charged task.

export function idempotencyKeyFor(runId: string, jobId: string): string {
  return `parallax:${runId}:${jobId}`;
}
