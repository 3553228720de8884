import type { BrandMetricsWithChange, VisibilityDrill } from '../../../../shared/visibility/types';
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
export function KpiCards({ metrics, name }: { metrics: BrandMetricsWithChange; name: string }) {
  const drill = useVisibilityStore((s) => s.drill);
  return (
    <ul className="vis-kpis" aria-label={`Key numbers for ${name}`}>
      {kpisOf(metrics, name).map((k) => (
        <li key={k.key}>
          <button
            type="button"
            className="vis-kpi"
            data-testid={`kpi-${k.key}`}
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
    </ul>
  );
}

const KPI_LABELS = ['Mention rate', 'Citation rate', 'Average first position', 'Share of voice'];

/** The four cards' frames before the numbers arrive: the same boxes, so nothing moves when they do. */
export function KpiSkeleton() {
  return (
    <ul className="vis-kpis vis-skeleton" aria-hidden="true">
      {KPI_LABELS.map((label) => (
        <li key={label}>
          {/* A disabled button: the very box of a card (a button's own font and border). */}
          <button type="button" className="vis-kpi" disabled tabIndex={-1}>
            <span className="vis-kpi-label">{label}</span>
            <span className="vis-kpi-value">
              <strong>–</strong>
            </span>
            <span className="muted small">&nbsp;</span>
            <span className="small">&nbsp;</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
