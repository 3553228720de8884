// One colour per brand wherever brands are drawn side by side (Visibility's trend, Over time,
// Positioning's tone lines, the client report's charts): every chart asks this one function, so a
// brand keeps its colour from view to view and from the app to the report. Mid tones, readable on
// the light and the dark theme and in print.

/** Mid tones, readable on the light and on the dark theme; the user's own brand gets the first. */
export const BRAND_PALETTE: readonly string[] = [
  '#3b82f6',
  '#f97316',
  '#22c55e',
  '#a855f7',
  '#eab308',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#ef4444',
  '#8b5cf6',
];

export interface ColouredBrand {
  id: string;
  name: string;
  kind: string;
}

/**
 * Each brand's colour (brand id → colour). The order depends only on the brands themselves (the
 * user's brands first, then by name), never on a chart's own order or on which brands it shows,
 * so the same brand list gives every chart the same colours. Past ten brands colours repeat.
 */
export function brandColors(brands: readonly ColouredBrand[]): Map<string, string> {
  const ordered = [...brands].sort(
    (a, b) =>
      Number(b.kind === 'brand') - Number(a.kind === 'brand') ||
      a.name.localeCompare(b.name, 'en') ||
      a.id.localeCompare(b.id),
  );
  return new Map(ordered.map((b, i) => [b.id, BRAND_PALETTE[i % BRAND_PALETTE.length] as string]));
}
