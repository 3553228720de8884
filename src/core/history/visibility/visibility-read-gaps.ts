import { pluck, type StoreContext } from '../connection';
import { conditions, familyRows, pickLevel, type KeyCondition, type VisFilter } from './visibility-levels';
import { json, queryAll } from './visibility-read-sql';
import type { VisGapRows, VisibilityReadApi } from './visibility-read-types';

// Citation gaps: domains cited in answers that name a competitor and not the focus brand. A
// focus of kind 'brand' has them precomputed in the gap roll-ups; any other focus, a prompt
// scope or a filtered run is counted answer by answer.

const named = (brand: string) =>
  `EXISTS (SELECT 1 FROM vis_result_brand b WHERE b.seq = f.seq AND b.brand ${brand} AND b.mentioned = 1)`;
const RIVALS = 'IN (SELECT id FROM vis_brands WHERE brand_id IN (SELECT value FROM json_each(@rivals)))';
/** A result naming a rival and not the focus (@focus: vis_brands.id). */
const GAP = `(NOT ${named('= @focus')} AND ${named(RIVALS)})`;

export function createGapReads(db: StoreContext['db']): Pick<VisibilityReadApi, 'visGaps'> {
  const all = queryAll(db);

  /** Citation-gap roll-up rows for a precomputed focus (of kind 'brand'), at the level the filter needs. */
  function gapRollups(filter: VisFilter, domainIds?: string) {
    const focus: KeyCondition = ['focus', '= @focus'];
    const level = pickLevel('gapDomain', filter);
    const only: KeyCondition[] = domainIds
      ? [['domain', `IN (SELECT value FROM json_each(${domainIds}))`]]
      : [];
    return {
      cell: familyRows('gapCell', pickLevel('gapCell', filter), filter, [focus]).sql,
      domain: familyRows('gapDomain', level, filter, [focus]).sql,
      comp: familyRows('gapComp', level, filter, [focus, ...only]).sql,
    };
  }

  /**
   * Citation gaps counted answer by answer (prompt scopes, runs with a filter, a focus not of
   * kind 'brand'), in one statement so each answer's gap status is computed once: part 0 the
   * top gap domains, part 1 the rivals named per top domain, part 2 the gap answers.
   */
  function perResultGaps(filter: VisFilter, params: Record<string, unknown>, limit: number): VisGapRows {
    const rows = all<{
      part: number;
      domainId: number | null;
      domain: string | null;
      gap: number;
      withFocus: number;
      brandId: string | null;
    }>(
      `WITH s AS MATERIALIZED (SELECT f.seq, ${GAP} AS gap, ${named('= @focus')} AS with_focus
         FROM vis_result f WHERE ${conditions(filter, 'f').sql}),
       top AS MATERIALIZED (SELECT g.domain, vd.domain AS name, g.gap, g.with_focus
         FROM (SELECT rd.domain, sum(s.gap) AS gap, sum(s.with_focus) AS with_focus FROM s
               JOIN vis_result_domain rd ON rd.seq = s.seq WHERE s.gap OR s.with_focus
               GROUP BY rd.domain HAVING sum(s.gap) > 0) g
         JOIN vis_domains vd ON vd.id = g.domain ORDER BY g.gap DESC, vd.domain LIMIT @limit)
       SELECT 0 AS part, domain AS domainId, name AS domain, gap, with_focus AS withFocus, NULL AS brandId FROM top
       UNION ALL
       SELECT 1, rd.domain, NULL, count(*), 0, vb.brand_id FROM s
         JOIN vis_result_domain rd ON rd.seq = s.seq AND +rd.domain IN (SELECT domain FROM top)
         JOIN vis_result_brand b ON b.seq = s.seq AND b.mentioned = 1 AND b.brand ${RIVALS}
         JOIN vis_brands vb ON vb.id = b.brand
         WHERE s.gap GROUP BY rd.domain, b.brand
       UNION ALL
       SELECT 2, NULL, NULL, total(gap), 0, NULL FROM s`,
      { ...params, limit },
    );
    const domains = rows
      .filter((r) => r.part === 0)
      .map((r) => ({
        domainId: r.domainId as number,
        domain: r.domain as string,
        gap: r.gap,
        withFocus: r.withFocus,
      }))
      .sort((x, y) => y.gap - x.gap || (x.domain < y.domain ? -1 : x.domain > y.domain ? 1 : 0));
    const competitors = rows
      .filter((r) => r.part === 1)
      .map((r) => ({ domainId: r.domainId as number, brandId: r.brandId as string, answers: r.gap }))
      .sort(
        (x, y) =>
          x.domainId - y.domainId ||
          y.answers - x.answers ||
          (x.brandId < y.brandId ? -1 : x.brandId > y.brandId ? 1 : 0),
      );
    return { gapAnswers: rows.find((r) => r.part === 2)?.gap ?? 0, domains, competitors };
  }

  return {
    visGaps(filter, focusId, rivalIds, limit) {
      const focus = pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(focusId) as
        number | undefined;
      const kind = pluck(db, 'SELECT kind FROM brands WHERE id = ?').get(focusId) as string | undefined;
      if (focus === undefined) return { gapAnswers: 0, domains: [], competitors: [] };
      // The parameters of every level's conditions (the day list included: extra ones are ignored).
      const base = { ...conditions(filter, '', true).params, focus, rivals: json(rivalIds) };
      if (kind !== 'brand' || pickLevel('gapDomain', filter) === 'result') {
        const g = perResultGaps(filter, base, limit);
        // The gap answers' count is kept per cell for a precomputed focus: exact and cheaper.
        if (kind !== 'brand' || pickLevel('gapCell', filter) === 'result') return g;
        const cell = familyRows('gapCell', pickLevel('gapCell', filter), filter, [['focus', '= @focus']]).sql;
        return {
          ...g,
          gapAnswers: (pluck(db, `SELECT total(answers) FROM (${cell})`).get(base) as number) ?? 0,
        };
      }
      const q = gapRollups(filter);
      const gapAnswers =
        (pluck(db, `SELECT total(answers) FROM (${q.cell})`).get(base) as number | null) ?? 0;
      const domains = all<{ domainId: number; domain: string; gap: number; withFocus: number }>(
        `SELECT g.domain AS domainId, d.domain, g.gap, g.withFocus
         FROM (SELECT domain, sum(gap) AS gap, sum(with_focus) AS withFocus FROM (${q.domain})
               GROUP BY domain HAVING sum(gap) > 0) g
         JOIN vis_domains d ON d.id = g.domain ORDER BY g.gap DESC, d.domain LIMIT @limit`,
        { ...base, limit },
      );
      if (domains.length === 0) return { gapAnswers, domains, competitors: [] };
      const competitors = all<{ domainId: number; brandId: string; answers: number }>(
        `SELECT c.domain AS domainId, vb.brand_id AS brandId, c.answers
         FROM (SELECT domain, brand, sum(answers) AS answers FROM (${gapRollups(filter, '@domainIds').comp})
               GROUP BY domain, brand HAVING sum(answers) > 0) c
         JOIN vis_brands vb ON vb.id = c.brand ORDER BY c.domain, c.answers DESC, vb.brand_id`,
        { ...base, domainIds: json(domains.map((d) => d.domainId)) },
      );
      return { gapAnswers, domains, competitors };
    },
  };
}
