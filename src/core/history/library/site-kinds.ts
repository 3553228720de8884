import { isSiteKind, siteHost, type SiteKind } from '../../../shared/visibility/site-kinds';
import { stmt, type StoreContext } from '../connection';

// The analyst's overrides of a cited domain's kind (migration 028).

export interface SiteKindOverride {
  domain: string;
  kind: SiteKind;
  updatedAt: number;
}

export interface SiteKindsApi {
  /** Every override, by domain. */
  listSiteKindOverrides(): SiteKindOverride[];
  /** Sets a domain's kind (null clears it); true when something changed. */
  setSiteKindOverride(domain: string, kind: SiteKind | null): boolean;
}

export function createSiteKindsApi(ctx: StoreContext): SiteKindsApi {
  const { db } = ctx;
  return {
    listSiteKindOverrides() {
      const rows = stmt(
        db,
        'SELECT domain, kind, updated_at AS updatedAt FROM site_kind_overrides ORDER BY domain',
      ).all() as Array<{ domain: string; kind: string; updatedAt: number }>;
      // The CHECK keeps other kinds out; a row from a later version's kind is skipped, not fatal.
      return rows.filter((r): r is SiteKindOverride => isSiteKind(r.kind));
    },
    setSiteKindOverride(domain, kind) {
      const host = siteHost(domain);
      if (kind === null)
        return stmt(db, 'DELETE FROM site_kind_overrides WHERE domain = ?').run(host).changes > 0;
      return (
        stmt(
          db,
          `INSERT INTO site_kind_overrides (domain, kind, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (domain) DO UPDATE SET kind = excluded.kind, updated_at = excluded.updated_at
           WHERE kind <> excluded.kind`,
        ).run(host, kind, ctx.now()).changes > 0
      );
    },
  };
}
