import { BetaAnalyticsDataClient } from '@google-analytics/data';
import type { JWT, OAuth2Client } from 'google-auth-library';
import type { TrafficRow } from '../../history';
import { parseDay } from '../imports';
import { classifyReferrer } from '../referrers';
import type { GoogleEndpoints } from './endpoints';

// The GA4 Data API through Google's official client (its REST transport): sessions and key
// events per day, session source, medium and landing page, paged, only the AI referrers kept.

/** Rows asked for per page, and at most in all (a property's AI rows are far fewer). */
const PAGE = 50_000;
const MAX_ROWS = 1_000_000;

export interface Ga4PullInput {
  auth: OAuth2Client | JWT;
  /** The property's id ("123456789" or "properties/123456789"). */
  property: string;
  fromDay: number;
  toDay: number;
  endpoints?: GoogleEndpoints;
}

export interface Ga4Pull {
  rows: TrafficRow[];
  /** Rows of sources no AI engine's. */
  notAi: number;
}

const iso = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

function clientOf(input: Ga4PullInput): BetaAnalyticsDataClient {
  const at = input.endpoints?.ga4;
  return new BetaAnalyticsDataClient({
    authClient: input.auth,
    fallback: true,
    ...(at ? { apiEndpoint: at.host, port: at.port, protocol: at.protocol } : {}),
  });
}

type ReportRow = {
  dimensionValues?: { value?: string | null }[] | null;
  metricValues?: { value?: string | null }[] | null;
};

function toRow(r: ReportRow): TrafficRow | null {
  const [date, source, medium, landing] = (r.dimensionValues ?? []).map((v) => v.value ?? '');
  const referrer = classifyReferrer(source ?? '');
  const day = parseDay(date);
  if (!referrer || day === null) return null;
  const [sessions, keyEvents] = (r.metricValues ?? []).map((v) => Number(v.value ?? 0));
  return {
    fromDay: day,
    toDay: day,
    sourceMedium: medium ? `${source} / ${medium}` : (source ?? ''),
    landingPage: landing || '(not set)',
    referrer: referrer.id,
    engine: referrer.engine,
    sessions: Math.round(sessions ?? 0),
    keyEvents: keyEvents ?? 0,
  };
}

export async function pullGa4(input: Ga4PullInput): Promise<Ga4Pull> {
  const client = clientOf(input);
  const property = input.property.startsWith('properties/') ? input.property : `properties/${input.property}`;
  const out: Ga4Pull = { rows: [], notAi: 0 };
  try {
    for (let offset = 0; offset < MAX_ROWS; offset += PAGE) {
      const [report] = await client.runReport({
        property,
        dateRanges: [{ startDate: iso(input.fromDay), endDate: iso(input.toDay) }],
        dimensions: [
          { name: 'date' },
          { name: 'sessionSource' },
          { name: 'sessionMedium' },
          { name: 'landingPagePlusQueryString' },
        ],
        metrics: [{ name: 'sessions' }, { name: 'keyEvents' }],
        limit: PAGE,
        offset,
      });
      const rows = report.rows ?? [];
      for (const r of rows) {
        const row = toRow(r);
        if (row) out.rows.push(row);
        else out.notAi += 1;
      }
      if (rows.length < PAGE || offset + PAGE >= Number(report.rowCount ?? 0)) break;
    }
  } finally {
    await client.close();
  }
  return out;
}
