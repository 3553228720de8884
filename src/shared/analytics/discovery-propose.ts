import { getDomainWithoutSuffix } from 'tldts';
import type { DiscoveryDomain } from './discovery-types';

// What discovery proposes for a candidate: the snippet around its name in an answer, and the
// cited domains that go with it (proposed as the new competitor's domains).

/** About `width` characters of `text` around the first occurrence of one of `forms` (case-insensitive). */
export function snippetAround(text: string, forms: readonly string[], width = 140): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const lower = flat.toLowerCase();
  let at = -1;
  let len = 0;
  for (const f of forms) {
    const i = lower.indexOf(f.toLowerCase());
    if (i !== -1 && (at === -1 || i < at)) {
      at = i;
      len = f.length;
    }
  }
  if (at === -1) return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
  const side = Math.max(0, Math.floor((width - len) / 2));
  const from = Math.max(0, at - side);
  const to = Math.min(flat.length, at + len + side);
  return `${from > 0 ? '…' : ''}${flat.slice(from, to).trim()}${to < flat.length ? '…' : ''}`;
}

/** A name as a domain label would spell it: "Pacer & Co" → "pacerco", "Läuferwerk" → "lauferwerk". */
function compact(key: string): string {
  return key.replace(/\band\b/gu, '').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a domain's own label ("trailhawk" of trailhawk.co.uk) spells the name. */
export function domainLabelMatches(domain: string, key: string): boolean {
  const label = (getDomainWithoutSuffix(domain) ?? '').toLowerCase().replace(/-/gu, '');
  const name = compact(key);
  return label !== '' && name !== '' && (label === name || label === name.replace(/^the/u, ''));
}

/**
 * Ranks the domains cited by answers naming a candidate: a domain whose label spells the name
 * first, then by lift, P(cited | names it) / P(cited in the period), and co-occurrences. Keeps
 * label matches and domains cited at least twice that go with the name (lift > 1).
 */
export function rankCoDomains(
  key: string,
  sampled: number,
  co: ReadonlyArray<{ domain: string; answers: number }>,
  domainAnswers: ReadonlyMap<string, number>,
  totalAnswers: number,
  limit = 6,
): DiscoveryDomain[] {
  if (sampled === 0 || totalAnswers === 0) return [];
  return co
    .map((d) => {
      const base = (domainAnswers.get(d.domain) ?? d.answers) / totalAnswers;
      const lift = base > 0 ? d.answers / sampled / base : 0;
      return {
        domain: d.domain,
        answers: d.answers,
        lift: Math.round(lift * 100) / 100,
        labelMatch: domainLabelMatches(d.domain, key),
      };
    })
    .filter((d) => d.labelMatch || (d.answers >= 2 && d.lift > 1))
    .sort(
      (a, b) =>
        Number(b.labelMatch) - Number(a.labelMatch) ||
        b.lift - a.lift ||
        b.answers - a.answers ||
        a.domain.localeCompare(b.domain),
    )
    .slice(0, limit);
}
