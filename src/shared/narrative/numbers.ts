// Numbers as a client reads them: whole percentages, places as ordinals ("2nd"), changes in
// percentage points. Values are clamped to what the metric allows first (a rate within 0–100 %,
// a place at least 1), so an interval computed near an edge never reads as "−3 %" or "0.87th".

/** A rate (0–1) clamped to 0–1; NaN reads as 0. */
export function clampRate(value: number): number {
  if (!Number.isFinite(value)) return value > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, value));
}

/** A place (1 = named first) clamped to at least 1. */
export function clampPlace(value: number): number {
  return Number.isFinite(value) ? Math.max(1, value) : 1;
}

/**
 * "24 %", "under 1 %" (above 0 but rounding to 0), "over 99 %" (below 1 but rounding to 100):
 * a client never reads "0 %" for something that happened, nor "100 %" for something that did not
 * always happen.
 */
export function percent(value: number): string {
  const v = clampRate(value);
  const whole = Math.round(v * 100);
  if (whole === 0 && v > 0) return 'under 1 %';
  if (whole === 100 && v < 1) return 'over 99 %';
  return `${whole} %`;
}

/** A percentage range "28–57 %" (clamped, whole numbers). */
export function percentRange(low: number, high: number): string {
  return `${Math.round(clampRate(low) * 100)}–${Math.round(clampRate(high) * 100)} %`;
}

/** A change in percentage points, without sign: "18 points", "1 point", "under 1 point". */
export function points(delta: number): string {
  const whole = Math.round(Math.abs(delta) * 100);
  if (whole === 0) return delta === 0 ? '0 points' : 'under 1 point';
  return `${whole} point${whole === 1 ? '' : 's'}`;
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const whole = Math.round(n);
  const tens = whole % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][whole % 10] ?? 'th');
  return `${whole}${suffix}`;
}

/**
 * Two places as a client reads them: whole ordinals ("2nd" and "4th") when they differ once
 * rounded, else one decimal ("1.6" and "2.4"), so a move never reads as "from 2nd to 2nd".
 */
export function placePair(before: number, after: number): [string, string] {
  const b = clampPlace(before);
  const a = clampPlace(after);
  if (Math.round(b) !== Math.round(a)) return [ordinal(b), ordinal(a)];
  return [b.toFixed(1), a.toFixed(1)];
}

/** A number with thousands separators: 1,344. */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en');
}

/** A p-value as statisticians write it: "p < 0.001", "p = 0.012". */
export function pValue(p: number): string {
  if (!Number.isFinite(p)) return 'p = –';
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`;
}

/** A net sentiment (−1..1) signed, two decimals: "+0.35", "−0.40" (as the findings write it). */
export function signedNet(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
}
