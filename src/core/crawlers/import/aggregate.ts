import { agentSql } from './classify';
import { sqlText } from './duckdb';

// A file's parsed rows into `agg`: hits per agent, day, page, status, address and site for the
// catalogue's agents; per day, page and status for browsers (agent ''), with no address; one row
// each for malformed lines ('#malformed', with two of them as examples) and for everything else
// ('#other'). Addresses stay in DuckDB's memory until the file is verified.
//
// Two passes: the first collects the file's distinct user agents and classifies each once
// (`ua_class`); the second joins every line to its class. A log repeats a few thousand user
// agents millions of times, and the catalogue's case-insensitive token search per line cost
// more than reading the file twice.

export const MALFORMED = '#malformed';
export const OTHER = '#other';

/** The file's distinct user agents, each with its agent (see `agentSql`). */
export const uaClassSql = (uaSource: string): string => `CREATE OR REPLACE TEMP TABLE ua_class AS
    SELECT ua, ${agentSql('lower(ua)')} AS agent
    FROM (SELECT DISTINCT ua FROM (${uaSource}) WHERE ua IS NOT NULL)`;

export function aggregateSql(source: string, site: string | null): string {
  const siteOf = site === null ? `coalesce(lower(split_part(host, ':', 1)), '')` : sqlText(site);
  const keep = `NOT bad AND agent IS NOT NULL`;
  return `CREATE OR REPLACE TEMP TABLE agg AS
    SELECT agent, day, url, status, ip, site, CAST(count(*) AS DOUBLE) AS hits,
      min(sample) AS sample_a, max(sample) AS sample_b
    FROM (
      SELECT CASE WHEN bad THEN '${MALFORMED}' WHEN agent IS NULL THEN '${OTHER}' ELSE agent END AS agent,
        CASE WHEN ${keep} THEN day END AS day,
        CASE WHEN ${keep} THEN url END AS url,
        CASE WHEN ${keep} THEN status END AS status,
        CASE WHEN ${keep} AND agent <> '' THEN ip END AS ip,
        CASE WHEN ${keep} THEN ${siteOf} END AS site,
        CASE WHEN bad THEN left(raw, 160) END AS sample
      FROM (
        SELECT s.*, c.agent,
          (day IS NULL OR status IS NULL OR url IS NULL OR url = '' OR status NOT BETWEEN 100 AND 599) AS bad
        FROM (${source}) s LEFT JOIN ua_class c ON c.ua = s.ua
      )
    )
    GROUP BY ALL`;
}

const AGENT_ROWS = `agent NOT IN ('', '${MALFORMED}', '${OTHER}')`;

export const TOTALS_SQL = `SELECT
    coalesce(sum(hits), 0),
    coalesce(sum(hits) FILTER (WHERE ${AGENT_ROWS}), 0),
    coalesce(sum(hits) FILTER (WHERE agent = ''), 0),
    coalesce(sum(hits) FILTER (WHERE agent = '${MALFORMED}'), 0),
    max(sample_a), max(sample_b)
  FROM agg`;

export const PAIRS_SQL = `SELECT DISTINCT agent, ip FROM agg WHERE ${AGENT_ROWS} AND ip IS NOT NULL AND ip <> ''`;

export const HIT_ROWS_SQL = `SELECT a.site, strftime(a.day, '%Y-%m-%d'), a.agent, a.url, a.status,
    v.ip IS NOT NULL, sum(a.hits)
  FROM agg a LEFT JOIN verified v ON v.agent = a.agent AND v.ip = a.ip
  WHERE a.${AGENT_ROWS}
  GROUP BY ALL
  ORDER BY 1, 2, 3, 4, 5, 6`;

export const BROWSER_ROWS_SQL = `SELECT site, strftime(day, '%Y-%m-%d'), url, status, sum(hits)
  FROM agg WHERE agent = '' GROUP BY ALL
  ORDER BY 1, 2, 3, 4`;
