import { matchableAgents, type CatalogueAgent } from '../catalogue';
import { sqlText } from './duckdb';

// Who a hit is, in SQL over its user agent: the catalogue agent whose token it contains (the
// longest token first, case-insensitive), '' for a browser, NULL for anything else (scripts,
// other bots, monitors), which is counted but not kept.

/** Words in a user agent that say it is not a person's browser. */
const NOT_A_BROWSER =
  'bot|crawl|spider|slurp|fetch|scan|preview|headless|https?://|python|curl|wget|java/|go-http';

export function agentSql(lowerUa: string, agents: readonly CatalogueAgent[] = matchableAgents()): string {
  const cases = agents
    .map((a) => `WHEN contains(${lowerUa}, ${sqlText(a.token.toLowerCase())}) THEN ${sqlText(a.agent)}`)
    .join('\n      ');
  return `CASE ${cases}
      WHEN starts_with(${lowerUa}, 'mozilla/') AND NOT regexp_matches(${lowerUa}, '${NOT_A_BROWSER}') THEN ''
      ELSE NULL END`;
}
