import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import { formatPercent } from '../lib/format';

/** A rate with its 95 % interval and the answers behind it, saying "few answers" under 30. */
export function RateWithN({
  rate,
  none = 'no answers',
}: {
  rate: { value: number | null; lower: number | null; upper: number | null; n: number };
  /** What is shown when the rate rests on no answer. */
  none?: string;
}) {
  if (rate.value === null || rate.n === 0) return <span className="muted">{none}</span>;
  return (
    <span>
      {formatPercent(rate.value, 1)}{' '}
      <span className="muted small">
        ({formatPercent(rate.lower, 1)}–{formatPercent(rate.upper, 1)}, n {rate.n}
        {rate.n < MIN_ANSWERS_A_SIDE ? ', few answers' : ''})
      </span>
    </span>
  );
}
