import { pluck, type StoreContext } from '../connection';
import { conditions, familyRows, pickLevel, promptScoped, type VisFilter } from './visibility-levels';
import { brandMeasure, drillDays, drillScope } from './visibility-read-drill-days';
import { keyIdSql, QUERY_KEYS } from './key-levels';
import { json, sumOf } from './visibility-read-sql';
import { textlessSql } from './visibility-reanalysis';
import type { SourceReads } from './visibility-read-sources';
import type { VisDrillFilter, VisibilityReadApi } from './visibility-read-types';

// The answers behind a number: the newest first, with their total (from a roll-up when one
// measure of one roll-up is all the drill asks, else counted).

export function createDrillReads(
  db: StoreContext['db'],
  sources: Pick<SourceReads, 'visDomains'>,
): Pick<VisibilityReadApi, 'visDrill'> {
  /** The drill-down's total from a roll-up, when one measure of one roll-up is all it asks (else null). */
  function drillTotal(filter: VisFilter, drill: VisDrillFilter): number | null {
    if (promptScoped(filter)) return null;
    const f = drillScope(filter, drill);
    if (f === null) return 0;

    const measures = [
      drill.brandId !== undefined,
      drill.domain !== undefined,
      drill.url !== undefined,
      drill.gap !== undefined,
      drill.query !== undefined,
    ].filter(Boolean).length;
    if (measures === 0) return sumOf(db, 'cell', f);
    // Named in its own text: no roll-up tells a results page's titles from an answer's text.
    if (measures > 1 || drill.inText === true) return null;
    // A brand alone (named or its domains cited), named, or cited: one roll-up column each.
    const measure = drill.brandId !== undefined ? brandMeasure(drill) : null;
    if (measure !== null) {
      const { column, wanted } = measure;
      const rows = familyRows('brand', pickLevel('brand', f), f, [
        ['brand', '= (SELECT id FROM vis_brands WHERE brand_id = @brandId)'],
      ]);
      const hits =
        (pluck(db, `SELECT total(${column}) FROM (${rows.sql})`).get({
          ...rows.params,
          brandId: drill.brandId,
        }) as number) ?? 0;
      return wanted ? hits : sumOf(db, 'cell', f) - hits;
    }
    if (drill.domain !== undefined) {
      const id = pluck(db, 'SELECT id FROM vis_domains WHERE domain = ?').get(
        drill.domain.toLowerCase().replace(/^www\./u, ''),
      ) as number | undefined;
      return id === undefined ? 0 : (sources.visDomains(f, { domainIds: [id] })[0]?.answers ?? 0);
    }
    if (drill.query !== undefined) {
      const id = pluck(db, `SELECT ${keyIdSql(QUERY_KEYS, '@query')}`).get({ query: drill.query.trim() }) as
        number | null;
      if (id === null) return 0;
      const rows = familyRows('query', pickLevel('query', f), f, [['query', '= @queryId']]);
      return (
        (pluck(db, `SELECT total(answers) FROM (${rows.sql})`).get({
          ...rows.params,
          queryId: id,
        }) as number) ?? 0
      );
    }
    if (drill.gap !== undefined) {
      const focus = pluck(
        db,
        "SELECT vb.id FROM vis_brands vb JOIN brands b ON b.id = vb.brand_id WHERE vb.brand_id = ? AND b.kind = 'brand'",
      ).get(drill.gap.focusId) as number | undefined;
      if (focus === undefined || pickLevel('gapCell', f) === 'result') return null;
      // The precomputed gaps count every competitor as a rival: only then do they match.
      const competitors = pluck(
        db,
        "SELECT id FROM brands WHERE kind = 'competitor' AND id <> ? ORDER BY id",
      ).all(drill.gap.focusId) as string[];
      if (json(competitors) !== json([...drill.gap.rivalIds].sort())) return null;
      return sumOf(db, 'gapCell', f, [['focus', '= @focus']], { focus });
    }
    return null;
  }

  return {
    visDrill(filter, drill, limit) {
      const c = conditions(filter, 'f');
      const conds = [c.sql];
      const params: Record<string, unknown> = { ...c.params, limit };
      if (drill.day !== undefined) {
        conds.push('f.day = @day');
        params.day = drill.day;
      }
      if (drill.runId !== undefined) {
        conds.push('f.run = (SELECT id FROM vis_runs WHERE run_id = @runId)');
        params.runId = drill.runId;
      }
      if (drill.location !== undefined) {
        conds.push('f.loc = @location');
        params.location = drill.location;
      }
      if (drill.engine !== undefined) {
        conds.push('f.engine = @engine');
        params.engine = drill.engine;
      }
      // The answer's own columns first: a brand's rows are looked up only for answers in scope.
      const brandRow = (cond: string) =>
        `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand = (SELECT id FROM vis_brands WHERE brand_id = @brandId) AND ${cond})`;
      if (drill.brandId !== undefined) {
        params.brandId = drill.brandId;
        if (drill.mentioned !== undefined)
          conds.push(drill.mentioned ? brandRow('b.mentioned = 1') : `NOT ${brandRow('b.mentioned = 1')}`);
        // Named in its own text: not a results page without text (named by its results' titles).
        if (drill.inText === true && drill.mentioned === true)
          conds.push(
            `NOT EXISTS (SELECT 1 FROM results rt WHERE rt.seq = f.seq AND ${textlessSql('f', 'rt')})`,
          );
        if (drill.cited !== undefined)
          conds.push(drill.cited ? brandRow('b.cited = 1') : `NOT ${brandRow('b.cited = 1')}`);
        // A brand alone means the answers it appears in at all: named or its domains cited.
        if (drill.mentioned === undefined && drill.cited === undefined)
          conds.push(brandRow('(b.mentioned = 1 OR b.cited = 1)'));
      }
      if (drill.domain !== undefined) {
        conds.push(
          'EXISTS (SELECT 1 FROM vis_result_domain rd WHERE rd.seq = f.seq AND rd.domain = (SELECT id FROM vis_domains WHERE domain = @domain))',
        );
        params.domain = drill.domain.toLowerCase().replace(/^www\./u, '');
      }
      if (drill.url !== undefined) {
        conds.push('EXISTS (SELECT 1 FROM sources s WHERE s.result_seq = f.seq AND s.url = @url)');
        params.url = drill.url;
      }
      if (drill.gap) {
        const gapNamed = (brand: string) =>
          `EXISTS (SELECT 1 FROM vis_result_brand g WHERE g.seq = f.seq AND g.mentioned = 1 AND g.brand ${brand})`;
        conds.push(
          `NOT ${gapNamed('= (SELECT id FROM vis_brands WHERE brand_id = @gapFocus)')}`,
          gapNamed(
            'IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@gapRivals)))',
          ),
        );
        params.gapFocus = drill.gap.focusId;
        params.gapRivals = json(drill.gap.rivalIds);
      }
      if (drill.query !== undefined) {
        conds.push(
          `EXISTS (SELECT 1 FROM vis_result_query rq WHERE rq.seq = f.seq AND rq.query = ${keyIdSql(QUERY_KEYS, '@query')})`,
        );
        params.query = drill.query.trim();
      }
      const where = conds.join(' AND ');
      // Only the days the roll-ups say hold the newest matches (all of them when none can say).
      const days = drillDays(db, filter, drill, limit);
      if (days?.length === 0) return { resultIds: [], total: 0 };
      const read = days === null ? where : `f.day IN (SELECT value FROM json_each(@drillDays)) AND ${where}`;
      // The newest first: the index on day gives them day by day, so the LIMIT stops early.
      const resultIds = pluck(
        db,
        `SELECT r.id FROM vis_result f JOIN results r ON r.seq = f.seq WHERE ${read}
         ORDER BY f.day DESC, f.seq DESC LIMIT @limit`,
      ).all(days === null ? params : { ...params, drillDays: json(days) }) as string[];
      // Counting every matching answer is the slow part: a roll-up has the total when it can.
      const total =
        resultIds.length < limit
          ? resultIds.length
          : (drillTotal(filter, drill) ??
            (pluck(db, `SELECT count(*) FROM vis_result f WHERE ${where}`).get(params) as number));
      return { resultIds, total };
    },
  };
}
