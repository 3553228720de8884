// Which sites two sets of answers cite differently: the ones the earlier answers cited and the
// later ones no longer do (dropped), and the reverse (added), most cited first. A site counts
// when at least `minShare` of one side's answers cite it, so one stray citation is not "no longer
// cited". What a sources-changed alert names in its sentence ("reviewhub.com is no longer cited").

export interface SiteShifts {
  dropped: string[];
  added: string[];
}

function citedBy(answers: ReadonlyArray<{ domains: readonly string[] }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of answers) for (const d of new Set(a.domains)) counts.set(d, (counts.get(d) ?? 0) + 1);
  return counts;
}

function onlyIn(
  side: Map<string, number>,
  other: Map<string, number>,
  answers: number,
  minShare: number,
  limit: number,
): string[] {
  return [...side]
    .filter(([d, k]) => !other.has(d) && k >= Math.max(1, minShare * answers))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([d]) => d);
}

export function siteShifts(
  before: ReadonlyArray<{ domains: readonly string[] }>,
  after: ReadonlyArray<{ domains: readonly string[] }>,
  options: { minShare?: number; limit?: number } = {},
): SiteShifts {
  const minShare = options.minShare ?? 0.5;
  const limit = options.limit ?? 5;
  const b = citedBy(before);
  const a = citedBy(after);
  return {
    dropped: onlyIn(b, a, before.length, minShare, limit),
    added: onlyIn(a, b, after.length, minShare, limit),
  };
}
