import { searchconsole } from '@googleapis/searchconsole';
import type { JWT, OAuth2Client } from 'google-auth-library';
import type { SearchRow } from '../../history';
import { parseDay } from '../imports';
import type { GoogleEndpoints } from './endpoints';

// Search Console's search analytics through Google's official client: clicks and impressions
// per day and query, and per day and page, paged (the API gives at most 25,000 rows a call).

const PAGE = 25_000;
const MAX_ROWS = 500_000;

export interface GscPullInput {
  auth: OAuth2Client | JWT;
  /** The property as Search Console names it: https://www.example.com/ or sc-domain:example.com */
  siteUrl: string;
  fromDay: number;
  toDay: number;
  endpoints?: GoogleEndpoints;
}

export interface GscPull {
  queries: SearchRow[];
  pages: SearchRow[];
}

const iso = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

type ApiRow = { keys?: string[] | null; clicks?: number | null; impressions?: number | null };

function toRow(r: ApiRow): SearchRow | null {
  const [date, key] = r.keys ?? [];
  const day = parseDay(date);
  if (day === null || !key) return null;
  return {
    fromDay: day,
    toDay: day,
    key,
    clicks: r.clicks ?? 0,
    impressions: r.impressions ?? 0,
    citations: null,
  };
}

export async function pullGsc(input: GscPullInput): Promise<GscPull> {
  const api = searchconsole({
    version: 'v1',
    auth: input.auth,
    ...(input.endpoints?.gscRootUrl ? { rootUrl: input.endpoints.gscRootUrl } : {}),
  });
  const read = async (dimension: 'query' | 'page'): Promise<SearchRow[]> => {
    const rows: SearchRow[] = [];
    for (let startRow = 0; startRow < MAX_ROWS; startRow += PAGE) {
      const res = await api.searchanalytics.query({
        siteUrl: input.siteUrl,
        requestBody: {
          startDate: iso(input.fromDay),
          endDate: iso(input.toDay),
          dimensions: ['date', dimension],
          rowLimit: PAGE,
          startRow,
        },
      });
      const got = res.data.rows ?? [];
      rows.push(...got.map(toRow).filter((r): r is SearchRow => r !== null));
      if (got.length < PAGE) break;
    }
    return rows;
  };
  return { queries: await read('query'), pages: await read('page') };
}
