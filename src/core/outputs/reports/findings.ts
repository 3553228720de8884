import {
  citationSentence,
  mentionSentence,
  placeSentence,
  shareOfVoiceSentence,
} from '../../../shared/narrative/changes';
import { plural } from '../../../shared/narrative/words';
import type {
  BrandMetricsWithChange,
  VisibilityPeriod,
  VisibilityScope,
} from '../../../shared/visibility/types';
import { findingsQuerySchema } from '../../../shared/ipc/channels/findings';
import { shortDate } from '../../../shared/analytics/findings';
import { longDate } from './format';
import { createFindingsService, type FindingsDeps, type VisibilityService } from '../../analysis';

// What changed in a period, for the top of the client report: at most MAX_FINDINGS plain
// sentences with their numbers, strongest first. The findings engine ("what
// changed", engineFindings) plugs in as a FindingsSource; kpiFindings, the fallback when none is
// given, reads the significant changes of the KPIs against the previous period of the same
// length (the focus brand's mention rate, citation rate, average position and share of voice,
// then competitors' mention rates).

export interface Finding {
  kind: string;
  /** One plain sentence with its numbers. */
  text: string;
  /** How strong, to rank findings (a rate's change in points / 100; a position's in places / 10). */
  effect: number;
  /** Beyond the noise of sampling (the two periods' 95 % intervals do not overlap). */
  significant: boolean;
  /** Answers behind it (what "show me" opens); may be empty. */
  resultIds: string[];
  /** The brand it is about (null: a source, or not said). */
  brandId: string | null;
}

export type FindingsSource = (scope: VisibilityScope, period: VisibilityPeriod) => Finding[];

export const MAX_FINDINGS = 7;

type Rate = 'mentionRate' | 'citationRate' | 'shareOfVoice';

const RATE_SENTENCES: Record<Rate, typeof mentionSentence> = {
  mentionRate: mentionSentence,
  citationRate: citationSentence,
  shareOfVoice: shareOfVoiceSentence,
};

/**
 * The focus brand's own significant changes first (what a client asks about), then the rest in
 * the source's order.
 */
export function focusFirst(findings: readonly Finding[], focusId: string | null): Finding[] {
  const lead = (f: Finding): boolean => focusId !== null && f.significant && f.brandId === focusId;
  return [...findings.filter(lead), ...findings.filter((f) => !lead(f))];
}

function rateFinding(m: BrandMetricsWithChange, name: string, key: Rate, since: string): Finding | null {
  const change = m.change[key];
  const now = m[key].value;
  const before = m.previous[key].value;
  if (!change.significant || change.delta === null || now === null || before === null) return null;
  return {
    kind: key,
    text: RATE_SENTENCES[key]({ name, before, after: now, since }),
    effect: Math.abs(change.delta),
    significant: true,
    resultIds: [],
    brandId: m.brandId,
  };
}

function positionFinding(m: BrandMetricsWithChange, name: string, since: string): Finding | null {
  const change = m.change.avgPosition;
  const now = m.avgPosition.value;
  const before = m.previous.avgPosition.value;
  if (!change.significant || change.delta === null || now === null || before === null) return null;
  return {
    kind: 'avgPosition',
    text: placeSentence({ name, before, after: now, since: `, compared with ${since.trim()}` }),
    effect: Math.min(1, Math.abs(change.delta) / 10),
    significant: true,
    resultIds: [],
    brandId: m.brandId,
  };
}

/** The KPI changes as findings (the fallback until the findings engine lands). */
export function kpiFindings(visibility: Pick<VisibilityService, 'overview'>): FindingsSource {
  return (scope, period) => {
    const o = visibility.overview({ scope, period });
    const focus = o.brands.find((b) => b.id === o.focusBrandId);
    if (!focus || !o.kpis || o.previousAnswers === 0) return [];
    const since = ` in the previous ${plural(o.period.days, 'day')}`;
    const name = (id: string): string => o.brands.find((b) => b.id === id)?.name ?? id;
    const found: Array<Finding | null> = [
      rateFinding(o.kpis, focus.name, 'mentionRate', since),
      positionFinding(o.kpis, focus.name, since.replace(/^ in /, '')),
      rateFinding(o.kpis, focus.name, 'citationRate', since),
      rateFinding(o.kpis, focus.name, 'shareOfVoice', since),
      ...o.leaderboard
        .filter((m) => m.brandId !== focus.id)
        .map((m) => rateFinding(m, name(m.brandId), 'mentionRate', since)),
    ];
    return found
      .filter((f): f is Finding => f !== null)
      .sort((a, b) => b.effect - a.effect)
      .slice(0, MAX_FINDINGS);
  };
}

/** The day a citation started or stopped, written as the rest of the report writes dates. */
function withReportDate(text: string, changeDay: string | null): string {
  return changeDay === null
    ? text
    : text.replace(` on ${shortDate(changeDay)}`, ` on ${longDate(changeDay)}`);
}

/**
 * The findings engine's sentences (mention rate, position, share of voice, positioning and
 * citations, where the change sits and who gained), as `parallax changes` and Visibility's
 * "What changed" give them, for the report's summary.
 */
export function engineFindings(deps: FindingsDeps): FindingsSource {
  const service = createFindingsService(deps);
  return (scope, period) =>
    service.list(findingsQuerySchema.parse({ scope, period, limit: MAX_FINDINGS })).findings.map((f) => ({
      kind: f.kind,
      text: withReportDate(f.text, f.changeDay),
      effect: f.effect,
      significant: f.significant,
      resultIds: [...f.resultIds],
      brandId: f.brandId,
    }));
}
