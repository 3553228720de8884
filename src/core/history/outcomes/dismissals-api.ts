import { stmt, type StoreContext } from '../connection';

// Suggestions the analyst dismissed (prompts worth tracking), and whether this history shares
// its funnel's daily aggregates with the team server. Both are the analyst's decisions about
// the outcomes, kept with them.

export interface SuggestionDismissal {
  id: string;
  text: string;
  dismissedAt: number;
}

export interface OutcomeSharing {
  /** True when this workspace's funnel aggregates (never raw rows) go to the team server. */
  aggregates: boolean;
  /** When it was last turned on or off; null when never set (off). */
  changedAt: number | null;
  /** When aggregates last reached the team server; null when never. */
  pushedAt: number | null;
  /** The digest of the aggregates last sent (a sync sends them again only when it changes). */
  pushedDigest: string | null;
}

export interface DismissalsApi {
  /** Remembers a dismissed suggestion; dismissing it again keeps the first date. */
  dismissSuggestion(id: string, text: string): void;
  /** Forgets a dismissal, so the suggestion may come back; false when it was not dismissed. */
  restoreSuggestion(id: string): boolean;
  suggestionDismissals(): SuggestionDismissal[];
  outcomeSharing(): OutcomeSharing;
  setOutcomeSharing(aggregates: boolean): OutcomeSharing;
  /** Records that aggregates (of this digest) reached the team server at `at`; null: this desktop's are off it. */
  markOutcomesPushed(at: number | null, digest: string | null): void;
  /**
   * A stamp of what the funnel's aggregates are made of (imported log files, analytics rows):
   * it changes with every import, so an unchanged stamp means unchanged aggregates.
   */
  funnelInputsStamp(): string;
}

interface SharingRow {
  aggregates: number;
  changedAt: number;
  pushedAt: number | null;
  pushedDigest: string | null;
}

export function createDismissalsApi(ctx: StoreContext): DismissalsApi {
  const { db, now } = ctx;
  const sharing = (): OutcomeSharing => {
    const row = stmt(
      db,
      `SELECT aggregates, changed_at AS changedAt, pushed_at AS pushedAt, pushed_digest AS pushedDigest
       FROM outcome_sharing WHERE only = 1`,
    ).get() as SharingRow | undefined;
    return row
      ? { ...row, aggregates: row.aggregates === 1 }
      : { aggregates: false, changedAt: null, pushedAt: null, pushedDigest: null };
  };
  return {
    dismissSuggestion(id, text) {
      stmt(
        db,
        `INSERT INTO suggestion_dismissals (id, text, dismissed_at) VALUES (?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      ).run(id, text, now());
    },
    restoreSuggestion(id) {
      return stmt(db, `DELETE FROM suggestion_dismissals WHERE id = ?`).run(id).changes > 0;
    },
    suggestionDismissals() {
      return stmt(
        db,
        `SELECT id, text, dismissed_at AS dismissedAt FROM suggestion_dismissals ORDER BY dismissed_at DESC, id`,
      ).all() as SuggestionDismissal[];
    },
    outcomeSharing: sharing,
    setOutcomeSharing(aggregates) {
      stmt(
        db,
        `INSERT INTO outcome_sharing (only, aggregates, changed_at) VALUES (1, ?, ?)
         ON CONFLICT (only) DO UPDATE SET aggregates = excluded.aggregates, changed_at = excluded.changed_at`,
      ).run(aggregates ? 1 : 0, now());
      return sharing();
    },
    funnelInputsStamp() {
      const row = stmt(
        db,
        `SELECT (SELECT count(*) || ':' || coalesce(max(imported_at), 0) FROM crawl_files) || '/' ||
           (SELECT count(*) || ':' || coalesce(max(imported_at), 0) || ':' || coalesce(sum(sessions), 0) || ':' ||
              coalesce(sum(key_events), 0) FROM outcome_traffic) AS stamp`,
      ).get() as { stamp: string };
      return row.stamp;
    },
    markOutcomesPushed(at, digest) {
      stmt(db, `UPDATE outcome_sharing SET pushed_at = ?, pushed_digest = ? WHERE only = 1`).run(at, digest);
    },
  };
}
