import { visibilityChannels } from '../../shared/ipc/channels/visibility';
import type { BrandView } from '../../shared/ipc/channels/library';
import type {
  BrandMetricsWithChange,
  ReanalysisProgress,
  VisibilityScope,
} from '../../shared/visibility/types';
import { meanChangeText, meanText, periodText, rateChangeText, rateText, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// Brand visibility, cited sources and citation gaps over a scope and period: the Visibility
// view's numbers from the same service, with the channel's own input schema. Every rate keeps
// its 95 % Wilson interval and n, every change says whether it is significant.

const SCOPE_HELP =
  "scope: {kind:'all'} (default), {kind:'monitor', id} (list_monitors), {kind:'run', id} (list_runs), {kind:'tag', name} or {kind:'promptSet', id}; period: {days: 30} (default; today included, UTC) or {from:'YYYY-MM-DD', to:'YYYY-MM-DD'}; engines and locations ('DE', 'US-CA') narrow it; brandId (list_brands) picks the focus brand.";

function scopeText(scope: VisibilityScope): string {
  switch (scope.kind) {
    case 'all':
      return 'the whole history';
    case 'tag':
      return `tag "${scope.name}"`;
    default:
      return `${scope.kind} ${scope.id}`;
  }
}

function reanalysisText(r: ReanalysisProgress | null | undefined): string[] {
  return r
    ? [
        `Partial: stored answers are being re-analysed after a brand change (${r.done} of ${r.total}); brand numbers count only those so far. The app or any \`parallax visibility\` finishes it.`,
      ]
    : [];
}

const nameOf = (brands: Map<string, BrandView>, id: string | null): string =>
  id === null ? '–' : (brands.get(id)?.name ?? id);

function kpiLines(m: BrandMetricsWithChange): string[] {
  return [
    `- Mention rate: ${rateText(m.mentionRate)}; previous ${rateText(m.previous.mentionRate)}; ${rateChangeText(m.change.mentionRate)}`,
    `- Citation rate: ${rateText(m.citationRate)}; previous ${rateText(m.previous.citationRate)}; ${rateChangeText(m.change.citationRate)}`,
    `- Average first position (1 = named first): ${meanText(m.avgPosition)}; previous ${meanText(m.previous.avgPosition)}; ${meanChangeText(m.change.avgPosition)}`,
    `- Share of voice: ${rateText(m.shareOfVoice)}; previous ${rateText(m.previous.shareOfVoice)}; ${rateChangeText(m.change.shareOfVoice)}`,
  ];
}

export function visibilityTools(deps: McpDeps) {
  const { services, store } = deps;
  const brandMap = (): Map<string, BrandView> => new Map(store.listBrands().map((b) => [b.id, b]));

  const overview: ToolSpec<(typeof visibilityChannels)['visibility.overview']['input']> = {
    name: 'brand_visibility',
    title: 'Brand visibility over a period',
    description: `How visible the focus brand is in AI answers over a period, against the previous period of the same length: mention rate, citation rate, average first position and share of voice, each with its 95 % interval, n and whether the change is significant; and the leaderboard of every tracked brand. ${SCOPE_HELP}`,
    input: visibilityChannels['visibility.overview'].input,
    async run(query) {
      const view = (await services.visibility()).overview(query);
      const brands = brandMap();
      const lines = [
        `Visibility over ${scopeText(query.scope)}, ${periodText(view.period)}.`,
        `Answers: ${view.answers} (previous period: ${view.previousAnswers}).`,
        ...reanalysisText(view.reanalysis),
      ];
      if (view.empty) lines.push(view.empty);
      if (view.kpis) lines.push(`Focus brand ${nameOf(brands, view.focusBrandId)}:`, ...kpiLines(view.kpis));
      if (view.leaderboard.length > 0)
        lines.push(
          '',
          'Leaderboard (95 % intervals; changes vs the previous period, n.s. = not significant):',
          table(
            [
              'Brand',
              'Kind',
              'Mention rate',
              'Change',
              'Citation rate',
              'Avg first position',
              'Share of voice',
            ],
            view.leaderboard.map((m) => [
              nameOf(brands, m.brandId) + (m.brandId === view.focusBrandId ? ' (focus)' : ''),
              brands.get(m.brandId)?.kind ?? null,
              rateText(m.mentionRate),
              m.change.mentionRate.delta === null
                ? null
                : `${(m.change.mentionRate.delta * 100).toFixed(1)} pts${m.change.mentionRate.significant ? '' : ' n.s.'}`,
              rateText(m.citationRate),
              meanText(m.avgPosition),
              rateText(m.shareOfVoice),
            ]),
          ),
        );
      return { text: lines.join('\n'), data: { ...view } };
    },
  };

  const breakdown: ToolSpec<(typeof visibilityChannels)['visibility.buckets']['input']> = {
    name: 'visibility_breakdown',
    title: 'Brand visibility per day, run, location or engine',
    description: `The visibility metrics per bucket (by: one or two of 'day', 'run', 'location', 'engine') and brand, each rate with its 95 % interval and n: a trend over days or runs, or a location × engine heatmap. With brandId, only that brand's rows. ${SCOPE_HELP}`,
    input: visibilityChannels['visibility.buckets'].input,
    async run(query) {
      const view = (await services.visibility()).buckets(query);
      const brands = brandMap();
      const rows = view.rows.filter((r) => query.brandId === undefined || r.brandId === query.brandId);
      const lines = [
        `Visibility by ${view.by.join(' × ')} over ${scopeText(query.scope)}, ${periodText(view.period)}.`,
        ...reanalysisText(view.reanalysis),
        ...(view.empty ? [view.empty] : []),
      ];
      if (rows.length > 0)
        lines.push(
          table(
            [
              ...view.by,
              'Brand',
              'Answers',
              'Mention rate',
              'Citation rate',
              'Avg first position',
              'Share of voice',
            ],
            rows.map((r) => [
              ...view.by.map((d) =>
                d === 'run' && r.bucket.run
                  ? (view.runLabels[r.bucket.run] ?? r.bucket.run)
                  : (r.bucket[d] ?? null),
              ),
              nameOf(brands, r.brandId),
              r.answers,
              rateText(r.mentionRate),
              rateText(r.citationRate),
              meanText(r.avgPosition),
              rateText(r.shareOfVoice),
            ]),
          ),
        );
      return { text: lines.join('\n'), data: { ...view, rows } };
    },
  };

  const sources: ToolSpec<(typeof visibilityChannels)['visibility.sources']['input']> = {
    name: 'cited_sources',
    title: 'Cited domains',
    description: `The domains the answers cite, by share of answers (95 % interval), with the change against the previous period and whose brand's domain each is. ${SCOPE_HELP}`,
    input: visibilityChannels['visibility.sources'].input,
    async run(query) {
      const view = (await services.visibility()).sources(query);
      const brands = brandMap();
      const lines = [
        `Cited domains over ${scopeText(query.scope)}, ${periodText(view.period)}; ${view.answers} answers.`,
        ...(view.empty ? [view.empty] : []),
      ];
      if (view.domains.length > 0)
        lines.push(
          table(
            ['Domain', 'Share of answers citing it', 'Change', 'Brand', 'Source kinds'],
            view.domains.map((d) => [
              d.domain,
              rateText(d.share),
              rateChangeText(d.change),
              d.brandId === null ? null : nameOf(brands, d.brandId),
              d.kinds.join(', '),
            ]),
          ),
        );
      // The per-day trend stays in the structured content (too long to read as text).
      return { text: lines.join('\n'), data: { ...view } };
    },
  };

  const gaps: ToolSpec<(typeof visibilityChannels)['visibility.gaps']['input']> = {
    name: 'citation_gaps',
    title: 'Citation gaps',
    description: `Domains cited in answers that name a competitor but not the focus brand: where the brand is missing. Share of those answers (95 % interval), the competitors named there, and whether the brand is cited on that domain elsewhere. ${SCOPE_HELP}`,
    input: visibilityChannels['visibility.gaps'].input,
    async run(query) {
      const view = (await services.visibility()).gaps(query);
      const brands = brandMap();
      const lines = [
        `Citation gaps of ${nameOf(brands, view.focusBrandId)} over ${scopeText(query.scope)}, ${periodText(view.period)}.`,
        `Answers naming a competitor but not ${nameOf(brands, view.focusBrandId)}: ${view.gapAnswers}.`,
        ...reanalysisText(view.reanalysis),
        ...(view.empty ? [view.empty] : []),
      ];
      if (view.gaps.length > 0)
        lines.push(
          table(
            [
              'Domain',
              'Share of gap answers citing it',
              'Competitors named there',
              'Brand cited on it elsewhere',
            ],
            view.gaps.map((g) => [
              g.domain,
              rateText(g.gapAnswers),
              g.competitors.map((c) => `${nameOf(brands, c.brandId)} (${c.answers})`).join(', '),
              g.focusCitedElsewhere ? 'yes (partial gap)' : 'no',
            ]),
          ),
        );
      return { text: lines.join('\n'), data: { ...view } };
    },
  };

  const urls: ToolSpec<(typeof visibilityChannels)['visibility.urls']['input']> = {
    name: 'cited_pages',
    title: 'Cited pages of a domain',
    description: `The pages (URLs) of one domain cited in the period, or without domain the focus brand's own cited pages: answers citing each and its best position. ${SCOPE_HELP}`,
    input: visibilityChannels['visibility.urls'].input,
    async run(query) {
      const view = (await services.visibility()).urls(query);
      const lines = [
        `Cited pages of ${view.domain ?? "the focus brand's domains"} over ${scopeText(query.scope)}, ${periodText(view.period)}.`,
        ...(view.empty ? [view.empty] : []),
      ];
      if (view.urls.length > 0)
        lines.push(
          table(
            ['URL', 'Title', 'Answers citing it', 'Best position'],
            view.urls.map((u) => [u.url, u.title, u.answers, u.bestPosition]),
          ),
        );
      return { text: lines.join('\n'), data: { ...view } };
    },
  };

  return [overview, breakdown, sources, gaps, urls];
}
