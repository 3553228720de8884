import type { CommerceRate } from '../../../../shared/commerce/types';
import { formatNumber, formatPercent } from '../../lib/format';
import { formatN, rateInterval } from '../visibility/format';

// Commerce numbers as the Commerce view writes them: a rate with its interval and n, a thin one
// saying so, and a figure that opens its answers in Compare.

/** Below this many answers (or slots) a rate says "few answers". */
export const FEW = 30;

/** "42 % (38–46 %)" and "n = 120"; "few answers" under 30. */
export function RateFigure({ rate }: { rate: CommerceRate }) {
  if (rate.value === null) return <span className="muted">—</span>;
  const interval = rateInterval(rate);
  return (
    <span className="vis-figure">
      <strong>{formatPercent(rate.value)}</strong>
      {interval && <span className="vis-interval"> {interval}</span>}
      <span className="vis-n"> {formatN(rate.n)}</span>
      {rate.n < FEW && <span className="com-few"> few answers</span>}
    </span>
  );
}

/**
 * A figure that opens the answers behind it. Its name is the figure as shown, then `label` (what
 * the answers are) for screen readers: a name that left the visible figure out would not be the
 * one a speech-input user says to press it.
 */
export function OpenFigure({
  label,
  onOpen,
  children,
}: {
  label: string;
  onOpen(): void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className="link-button com-open" onClick={onOpen}>
      {children}
      <span className="visually-hidden"> {label}. Open the answers</span>
    </button>
  );
}

/** A rate as a button opening its answers, or a dash when there is nothing behind it. */
export function OpenRate({ rate, label, onOpen }: { rate: CommerceRate; label: string; onOpen(): void }) {
  if (rate.value === null || rate.value === 0) return <RateFigure rate={rate} />;
  return (
    <OpenFigure label={label} onOpen={onOpen}>
      <RateFigure rate={rate} />
    </OpenFigure>
  );
}

/** "1.3" for a rank, "0.92" for a price index, "—" for none. */
export function decimal(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** "$57.00", "1.299,00 €": a mean price in its currency, the user's number format. */
export function money(amount: number | null, currency: string): string {
  if (amount === null) return '—';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatNumber(Math.round(amount * 100) / 100)} ${currency}`;
  }
}
