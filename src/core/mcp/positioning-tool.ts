import type { BrandView } from '../../shared/ipc/channels/library';
import { positioningChannels } from '../../shared/ipc/channels/positioning';
import { judgeAgreementOf } from '../../shared/positioning';
import type { NetSentimentStat, PositioningMetricsWithChange } from '../../shared/positioning/view-types';
import type { StatChange } from '../../shared/visibility/types';
import { periodText, rateText, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// How the engines present the tracked brands over a scope and period: the
// Positioning numbers from the same service as the app and `parallax positioning`, with the
// channel's own input schema. Rates keep their 95 % interval and n, changes their significance.

const HELP =
  "scope: {kind:'all'} (default), {kind:'monitor', id}, {kind:'run', id}, {kind:'tag', name} or {kind:'promptSet', id}; period: {days: 30} (default) or {from:'YYYY-MM-DD', to:'YYYY-MM-DD'}; engines and locations ('DE', 'US-CA') narrow it; brandId (list_brands) picks the focus brand; attributeLimit the attributes listed per brand (default 5).";

function netText(s: NetSentimentStat): string {
  if (s.value === null) return 'no data (n 0)';
  const f = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
  return `${f(s.value)} [95 % CI ${f(s.lower as number)} to ${f(s.upper as number)}] (${s.positive} positive, ${s.negative} negative of ${s.n})`;
}

function changeText(c: StatChange, scale: number, unit: string): string {
  if (c.delta === null) return 'no change to compare';
  return `${c.delta > 0 ? '+' : ''}${(c.delta * scale).toFixed(scale === 100 ? 1 : 2)}${unit}${c.significant ? ' (significant)' : ' (not significant)'}`;
}

function kpiLines(m: PositioningMetricsWithChange): string[] {
  const s = m.statusCounts;
  return [
    `- Recommendation rate (top pick or recommended, of ${m.n} answers naming it): ${rateText(m.recommendationRate)}; previous ${rateText(m.previous.recommendationRate)}; ${changeText(m.change.recommendationRate, 100, ' pts')}`,
    `- Net sentiment (share positive − share negative): ${netText(m.netSentiment)}; previous ${netText(m.previous.netSentiment)}; ${changeText(m.change.netSentiment, 1, '')}`,
    `- Statuses: ${s.top} top, ${s.recommended} recommended, ${s.mentioned} mentioned, ${s.cautioned} cautioned`,
    `- Top attributes: ${m.topAttributes.length === 0 ? 'none' : m.topAttributes.map((a) => `${a.text} (${a.polarity}, ${a.count})`).join(', ')}`,
  ];
}

export function positioningTools(deps: McpDeps) {
  const tool: ToolSpec<(typeof positioningChannels)['positioning.summary']['input']> = {
    name: 'brand_positioning',
    title: 'How AI answers present the brands',
    description: `How the answers present the focus brand and each competitor over a period, against the previous period of the same length: recommendation rate (top pick or recommended, of the answers naming the brand) and net sentiment (share positive − share negative), each with its 95 % interval, n and whether the change is significant; the status counts (top, recommended, mentioned, cautioned) and the top attributes. ${HELP}`,
    input: positioningChannels['positioning.summary'].input,
    async run(query) {
      const view = (await deps.services.positioning()).summary(query);
      const brands = new Map<string, BrandView>(deps.store.listBrands().map((b) => [b.id, b]));
      const name = (id: string) => brands.get(id)?.name ?? id;
      const agreement = judgeAgreementOf(view.judge.id);
      const lines = [`Positioning (judge ${view.judge.id}), ${periodText(view.period)}.`];
      if (view.rescore)
        lines.push(
          `Partial: the stored answers are being re-scored (${view.rescore.done} of ${view.rescore.total}); numbers mix earlier and current judgements until it ends.`,
        );
      if (view.notJudged.note !== null) lines.push(`${view.notJudged.note}.`);
      // As the app and the CLI: said over numbers, not over an empty view.
      if (view.empty) lines.push(view.empty);
      else if (agreement !== null) lines.push(agreement.note);
      if (view.kpis) lines.push(`Focus brand ${name(view.kpis.brandId)}:`, ...kpiLines(view.kpis));
      if (view.leaderboard.length > 0)
        lines.push(
          '',
          'Every brand (95 % intervals; n = answers naming it):',
          table(
            ['Brand', 'n', 'Recommendation rate', 'Net sentiment', 'Top/Rec/Mentioned/Cautioned'],
            view.leaderboard.map((m) => [
              name(m.brandId) + (m.brandId === view.focusBrandId ? ' (focus)' : ''),
              m.n,
              rateText(m.recommendationRate),
              netText(m.netSentiment),
              `${m.statusCounts.top}/${m.statusCounts.recommended}/${m.statusCounts.mentioned}/${m.statusCounts.cautioned}`,
            ]),
          ),
        );
      return { text: lines.join('\n'), data: { ...view, judgeAgreement: agreement } };
    },
  };
  return [tool];
}
