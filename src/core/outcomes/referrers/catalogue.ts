import { isEngineName, type EngineName } from '../../../shared/api/engines';
import data from '../../../../resources/outcomes/ai-referrers.json';

// The AI referrer catalogue, shipped as data with its date (resources/outcomes/ai-referrers.json): each answer
// engine's hosts and utm_source values, and the service's engine it maps to. A session is
// classified by its source alone, as GA4 records it: the referring host for a referral, the
// link's utm_source when it has one (which GA4 puts in the same field).

export interface AiReferrer {
  id: string;
  label: string;
  operator: string;
  /** The service's engine (spec name) it maps to; null for an assistant Parallax does not ask. */
  engine: EngineName | null;
  hosts: readonly string[];
  utmSources: readonly string[];
}

export interface ReferrerCatalogue {
  /** When the catalogue was last checked (YYYY-MM-DD). */
  date: string;
  referrers: readonly AiReferrer[];
}

function load(): ReferrerCatalogue {
  return {
    date: data.date,
    referrers: data.referrers.map((r) => {
      if (r.engine !== null && !isEngineName(r.engine))
        throw new Error(`ai-referrers.json: ${r.id} names an unknown engine ${r.engine}`);
      return { ...r, engine: r.engine as EngineName | null };
    }),
  };
}

export const REFERRER_CATALOGUE: ReferrerCatalogue = load();

/** The host a source names: lower case, without scheme, path, port or a leading www. */
function hostOf(source: string): string {
  const bare = source
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  return bare.split(/[/?#:]/)[0]?.replace(/^www\./, '') ?? '';
}

/**
 * The AI referrer a session source names ("chatgpt.com", "perplexity.ai / referral" with the
 * medium, a utm_source such as "chatgpt.com"), or null when it is no AI engine's. A host
 * matches itself and its subdomains.
 */
export function classifyReferrer(
  source: string,
  catalogue: ReferrerCatalogue = REFERRER_CATALOGUE,
): AiReferrer | null {
  const raw = source.split(' / ')[0]?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '(direct)' || raw === '(not set)') return null;
  const host = hostOf(raw);
  for (const referrer of catalogue.referrers) {
    if (referrer.utmSources.includes(raw)) return referrer;
    const hit = referrer.hosts.some((h) => {
      const bare = h.replace(/^www\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
    if (hit) return referrer;
  }
  return null;
}
