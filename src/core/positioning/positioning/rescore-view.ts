import type { PositioningStatus, SentimentLabel } from '../../../shared/positioning/types';
import type {
  RescoreMoves,
  RescoreProgress,
  RescoreSummary,
  StatusTransition,
  ToneTransition,
} from '../../../shared/positioning/view-types';
import type { MovedState, RescoreJobView, StoredSummary } from '../../history';
import { isoDay } from '../../analysis';

// The re-score's job and last summary as the views, the CLI and the MCP server show them: brand
// keys turned into brand ids, codes into names, and "what moved" in plain sentences.

const STATUS: readonly PositioningStatus[] = ['top', 'recommended', 'mentioned', 'cautioned'];
const TONE: Record<string, SentimentLabel> = { '-1': 'negative', '0': 'neutral', '1': 'positive' };

const statusName = (code: string): PositioningStatus | null => STATUS[Number(code)] ?? null;
const toneName = (code: string): SentimentLabel | null => TONE[code] ?? null;

function transitions<T>(
  counts: Record<string, number>,
  brandIds: Record<string, string>,
  name: (code: string) => T | null,
): Array<{ brandId: string; from: T | null; to: T | null; answers: number }> {
  return Object.entries(counts)
    .map(([key, answers]) => {
      const [brand, from, to] = key.split(' ') as [string, string, string];
      return { brandId: brandIds[brand] ?? '', from: name(from), to: name(to), answers };
    })
    .filter((t) => t.brandId !== '')
    .sort((a, b) => b.answers - a.answers || a.brandId.localeCompare(b.brandId));
}

export function movesOf(moved: MovedState, brandIds: Record<string, string>): RescoreMoves {
  return {
    rescored: moved.rescored,
    changed: moved.changed,
    status: transitions(moved.status, brandIds, statusName) as StatusTransition[],
    tone: transitions(moved.tone, brandIds, toneName) as ToneTransition[],
  };
}

const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** "14 answers went from recommended to mentioned for Veloxa", largest moves first. */
export function movedLines(moves: RescoreMoves, brandName: (id: string) => string, limit = 12): string[] {
  const lines = moves.status.slice(0, limit).map((t) => {
    const brand = brandName(t.brandId);
    if (t.from === null) return `${plural(t.answers, 'answer')} now name ${brand} (${t.to})`;
    if (t.to === null) return `${plural(t.answers, 'answer')} no longer name ${brand} (were ${t.from})`;
    return `${plural(t.answers, 'answer')} went from ${t.from} to ${t.to} for ${brand}`;
  });
  const tone = moves.tone
    .filter((t) => t.from !== null && t.to !== null)
    .slice(0, Math.max(0, limit - lines.length));
  for (const t of tone)
    lines.push(
      `${plural(t.answers, 'answer')} turned from ${t.from} to ${t.to} about ${brandName(t.brandId)}`,
    );
  if (moves.changed === 0)
    lines.push(`Nothing moved: ${plural(moves.rescored, 'answer')} judged the same as before`);
  return lines;
}

export function progressOf(job: RescoreJobView): RescoreProgress {
  return {
    reason: job.reason,
    judge: { id: job.judge, version: job.version },
    done: job.done,
    total: job.total,
    paused: job.paused,
    startedAt: job.startedAt,
    from: job.fromDay === null ? null : isoDay(job.fromDay),
    moved: movesOf(job.moved, job.brandIds),
  };
}

export function summaryOf(last: StoredSummary, brandName: (id: string) => string): RescoreSummary {
  const moves = movesOf(last.moved, last.brandIds);
  return {
    ...moves,
    reason: last.reason,
    judge: { id: last.judge, version: last.version },
    answers: last.answers,
    startedAt: last.startedAt,
    finishedAt: last.finishedAt,
    from: last.fromDay === null ? null : isoDay(last.fromDay),
    lines: movedLines(moves, brandName),
  };
}
