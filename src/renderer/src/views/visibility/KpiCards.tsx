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

/** One key number: a button opening the answers behind it, as a list item of the KPI row. */
export function KpiCard(props: {
  /** kpi-<id> is its test id. */
  id: string;
  label: string;
  value: string;
  interval: string;
  /** The sample behind it ("n = 500 answers"). */
  sample: string;
  change: React.ComponentProps<typeof ChangeBadge>;
  /** Drawn before the numbers arrive: disabled, out of the tab order. */
  placeholder: boolean;
  /** Disabled without being a placeholder (no numbers to open). */
  disabled?: boolean;
  /** What the number is, as a tooltip. */
  title?: string;
  onOpen(): void;
}) {
  const { placeholder, change } = props;
  const disabled = placeholder || props.disabled === true;
  return (
    <li>
      <button
        type="button"
        className="vis-kpi"
        data-testid={disabled ? undefined : `kpi-${props.id}`}
        disabled={disabled}
        tabIndex={placeholder ? -1 : undefined}
        title={props.title}
        onClick={props.onOpen}
      >
        <span className="vis-kpi-label">{props.label}</span>
        <span className="vis-kpi-value">
          <strong>{props.value}</strong> <span className="vis-interval">{props.interval}</span>
        </span>
        <span className="muted small">{props.sample}</span>
        <span className="small">
          <ChangeBadge {...change} />
          {change.change.delta !== null && <span className="muted"> vs previous period</span>}
        </span>
      </button>
    </li>
  );
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
        <KpiCard
          key={k.key}
          id={k.key}
          label={k.label}
          value={k.value}
          interval={k.interval}
          sample={`${formatN(k.n)} ${k.nWhat}`}
          change={k.change}
          placeholder={placeholder}
          onOpen={() => void drill(k.drill, k.what)}
        />
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
