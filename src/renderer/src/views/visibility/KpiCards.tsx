import type {
  BrandMetrics,
  BrandMetricsWithChange,
  VisibilityDrill,
} from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';
import { ChangeBadge } from './ChangeBadge';
import { formatN, meanInterval, meanValue, rateInterval, rateValue } from './format';

interface Kpi {
  key: string;
  label: string;
  value: string;
  interval: string;
  n: number;
  nWhat: string;
  change: React.ComponentProps<typeof ChangeBadge>;
  drill: VisibilityDrill;
  what: string;
}

function kpisOf(m: BrandMetricsWithChange, name: string): Kpi[] {
  const naming: VisibilityDrill = { brandId: m.brandId, mentioned: true };
  return [
    {
      key: 'mention',
      label: 'Mention rate',
      value: rateValue(m.mentionRate),
      interval: rateInterval(m.mentionRate),
      n: m.mentionRate.n,
      nWhat: 'answers',
      change: { change: m.change.mentionRate, kind: 'rate' },
      drill: naming,
      what: `Answers naming ${name}`,
    },
    {
      key: 'citation',
      label: 'Citation rate',
      value: rateValue(m.citationRate),
      interval: rateInterval(m.citationRate),
      n: m.citationRate.n,
      nWhat: 'answers',
      change: { change: m.change.citationRate, kind: 'rate' },
      drill: { brandId: m.brandId, cited: true },
      what: `Answers citing ${name}'s domains`,
    },
    {
      key: 'position',
      label: 'Average first position',
      value: meanValue(m.avgPosition),
      interval: meanInterval(m.avgPosition),
      n: m.avgPosition.n,
      nWhat: 'answers naming it',
      change: { change: m.change.avgPosition, kind: 'position' },
      drill: naming,
      what: `Answers naming ${name} (its position)`,
    },
    {
      key: 'sov',
      label: 'Share of voice',
      value: rateValue(m.shareOfVoice),
      interval: rateInterval(m.shareOfVoice),
      n: m.shareOfVoice.n,
      nWhat: 'brand mentions',
      change: { change: m.change.shareOfVoice, kind: 'rate' },
      drill: naming,
      what: `Answers naming ${name} (share of voice)`,
    },
  ];
}

/**
 * The focus brand's four numbers, each with its 95 % interval, n and change against the
 * previous period; a card opens the answers behind it in Compare.
 */
export function KpiCards({
  metrics,
  name,
  placeholder = false,
  extra,
}: {
  metrics: BrandMetricsWithChange;
  name: string;
  /** The skeleton drawn before the answer (see KpiSkeleton). */
  placeholder?: boolean;
  /** More cards (list items) in the same row: the positioning KPIs. */
  extra?: React.ReactNode;
}) {
  const drill = useVisibilityStore((s) => s.drill);
  return (
    <ul
      className={placeholder ? 'vis-kpis vis-skeleton' : 'vis-kpis'}
      aria-label={placeholder ? undefined : `Key numbers for ${name}`}
      aria-hidden={placeholder || undefined}
    >
      {kpisOf(metrics, name).map((k) => (
        <li key={k.key}>
          <button
            type="button"
            className="vis-kpi"
            data-testid={placeholder ? undefined : `kpi-${k.key}`}
            disabled={placeholder}
            tabIndex={placeholder ? -1 : undefined}
            onClick={() => void drill(k.drill, k.what)}
          >
            <span className="vis-kpi-label">{k.label}</span>
            <span className="vis-kpi-value">
              <strong>{k.value}</strong> <span className="vis-interval">{k.interval}</span>
            </span>
            <span className="muted small">
              {formatN(k.n)} {k.nWhat}
            </span>
            <span className="small">
              <ChangeBadge {...k.change} />
              {k.change.change.delta !== null && <span className="muted"> vs previous period</span>}
            </span>
          </button>
        </li>
      ))}
      {extra}
    </ul>
  );
}

const NO_RATE = { value: null, k: 0, n: 0, lower: null, upper: null };
const NO_CHANGE = { delta: null, significant: false };
const NO_METRICS: BrandMetrics = {
  brandId: '',
  answers: 0,
  mentionRate: NO_RATE,
  citationRate: NO_RATE,
  avgPosition: { value: null, n: 0, lower: null, upper: null },
  shareOfVoice: NO_RATE,
};
const PLACEHOLDER: BrandMetricsWithChange = {
  ...NO_METRICS,
  previous: NO_METRICS,
  change: {
    mentionRate: NO_CHANGE,
    citationRate: NO_CHANGE,
    avgPosition: NO_CHANGE,
    shareOfVoice: NO_CHANGE,
  },
};

/**
 * The four cards before the numbers arrive: the cards themselves over empty numbers ("—",
 * disabled, hidden from screen readers), so nothing moves when the numbers come.
 */
export function KpiSkeleton({ extra }: { extra?: React.ReactNode }) {
  return <KpiCards metrics={PLACEHOLDER} name="" placeholder extra={extra} />;
}
