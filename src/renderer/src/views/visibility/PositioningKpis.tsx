import type {
  PositioningMetrics,
  PositioningMetricsWithChange,
  PositioningSummary,
} from '../../../../shared/positioning/view-types';
import { agreementMeasured } from '../../../../shared/positioning/judge-agreement';
import { formatNumber } from '../../lib/format';
import { usePositioningStore } from '../../stores/positioning-store';
import { useVisibilityStore, type PanelState } from '../../stores/visibility-store';
import type { ChangeBadge } from './ChangeBadge';
import { KpiCard } from './KpiCards';
import { formatN, rateInterval, rateValue } from './format';
import { sentimentInterval, sentimentValue } from '../../lib/positioning-format';

interface Card {
  key: 'recommendation' | 'sentiment';
  label: string;
  value: string;
  interval: string;
  sample: string;
  change: React.ComponentProps<typeof ChangeBadge>;
  title: string;
}

/** Said on hover when the built-in judge read the answers: its misses make the rate read low. */
const BUILTIN_CAVEAT =
  ' Read by the built-in judge, which sometimes reads a brand an answer recommends only implicitly as "mentioned": how often is under Positioning below.';
/** Said on hover when the built-in judge read the answers: its tone is a reader's in most answers, not all. */
const BUILTIN_TONE_CAVEAT =
  ' Read by the built-in judge, which misreads the tone of some answers: how often is under Positioning below.';

function cardsOf(m: PositioningMetricsWithChange, judgeId: string | null): Card[] {
  const r = m.recommendationRate;
  const s = m.netSentiment;
  // The built-in judge's agreement is measured (a model judge's is not): only then is there a caveat.
  const builtin = judgeId !== null && agreementMeasured(judgeId);
  return [
    {
      key: 'recommendation',
      label: 'Recommendation rate',
      value: rateValue(r),
      interval: rateInterval(r),
      sample: `${formatNumber(r.k)} of ${formatN(r.n)} answers naming it`,
      change: { change: m.change.recommendationRate, kind: 'rate' },
      title: `Top pick or recommended, of the answers naming the brand (95 % Wilson interval).${builtin ? BUILTIN_CAVEAT : ''}`,
    },
    {
      key: 'sentiment',
      label: 'Net sentiment',
      value: sentimentValue(s),
      interval: sentimentInterval(s),
      sample: `${formatN(s.n)} · ${formatNumber(s.positive)} positive, ${formatNumber(s.negative)} negative`,
      change: { change: m.change.netSentiment, kind: 'score' },
      title: `Share positive − share negative, −1 to +1 (95 % Tango score interval).${builtin ? BUILTIN_TONE_CAVEAT : ''}`,
    },
  ];
}

const NO_METRICS: PositioningMetrics = {
  brandId: '',
  n: 0,
  recommendationRate: { value: null, k: 0, n: 0, lower: null, upper: null },
  netSentiment: { value: null, lower: null, upper: null, n: 0, positive: 0, negative: 0 },
  statusCounts: { top: 0, recommended: 0, mentioned: 0, cautioned: 0 },
  sentimentCounts: { positive: 0, neutral: 0, negative: 0 },
  meanScore: { value: null, n: 0, lower: null, upper: null },
  topAttributes: [],
};
const NO_CHANGE = { delta: null, significant: false };
/** The cards before the numbers arrive ("—", disabled): nothing moves when they come. */
const EMPTY_CARDS: Card[] = cardsOf(
  { ...NO_METRICS, previous: NO_METRICS, change: { recommendationRate: NO_CHANGE, netSentiment: NO_CHANGE } },
  null,
);

/** Why the cards have no numbers (null: they have). */
function unavailable(summary: PanelState<PositioningSummary>): string | null {
  if (summary.error) return 'Not available: see Positioning below';
  if (!summary.data) return 'Loading…';
  return summary.data.kpis === null ? (summary.data.empty ?? 'No focus brand') : null;
}

/**
 * The focus brand's two positioning numbers as cards in the Key numbers row (list items of its
 * list): value, 95 % interval, n and change against the previous period; a card opens the
 * answers naming the brand in Compare, where each shows its status and evidence.
 */
export function PositioningKpiItems({ placeholder = false }: { placeholder?: boolean }) {
  const summary = usePositioningStore((s) => s.summary);
  const drill = useVisibilityStore((s) => s.drill);
  const kpis = summary.data?.kpis ?? null;
  const name = summary.data?.brands.find((b) => b.id === summary.data?.focusBrandId)?.name ?? '';
  const note = placeholder ? formatN(0) : unavailable(summary);
  const cards = kpis ? cardsOf(kpis, summary.data?.judge.id ?? null) : EMPTY_CARDS;
  return (
    <>
      {cards.map((c) => (
        <KpiCard
          key={c.key}
          id={c.key}
          label={c.label}
          value={c.value}
          interval={c.interval}
          sample={note ?? c.sample}
          change={c.change}
          placeholder={placeholder}
          disabled={kpis === null}
          title={c.title}
          onOpen={() =>
            kpis &&
            void drill({ brandId: kpis.brandId, mentioned: true, inText: true }, `Answers naming ${name}`)
          }
        />
      ))}
    </>
  );
}
