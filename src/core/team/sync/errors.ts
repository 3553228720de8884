import { AppError } from '../../platform';

/**
 * Why a sync stopped before it began or half-way, in terms the analyst can act on:
 * - wrong-team: the history belongs to another team's server (its meta team.id);
 * - no-workspace: the team has no workspace of that name granted to this role;
 * - wrong-workspace: the team's workspace of that name is not the one this history synced with;
 * - canceled: stopped on request (Ctrl-C) at a batch boundary; the next sync resumes.
 * A server that cannot be reached or refuses is a TeamError (src/core/team/server/errors.ts).
 */
export type SyncErrorKind = 'wrong-team' | 'no-workspace' | 'wrong-workspace' | 'canceled';

export class SyncError extends AppError {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
  ) {
    super(`SYNC_${kind.toUpperCase().replace(/-/g, '_')}`, message);
  }
}

/** Throws SyncError('canceled') once the signal fired: called between batches only. */
export function checkCanceled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new SyncError(
      'canceled',
      'Sync stopped; what was sent and received so far is kept, and the next sync goes on from there.',
    );
  }
}
