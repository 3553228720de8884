// One colour per brand wherever brands are drawn side by side (the Visibility trend, the client
// report's charts): the focus brand takes the first, the others follow in the order they are
// listed, so a brand keeps its colour from one chart to the next. Mid tones, readable on the
// light and the dark theme and in print.

export const BRAND_COLORS = [
  '#3b82f6',
  '#f97316',
  '#22c55e',
  '#a855f7',
  '#eab308',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
] as const;

/** Each brand's colour: the focus brand first, then the others in their order. */
export function brandColors(brandIds: readonly string[], focusId: string | null): Map<string, string> {
  const ordered = [...brandIds.filter((id) => id === focusId), ...brandIds.filter((id) => id !== focusId)];
  return new Map(ordered.map((id, i) => [id, BRAND_COLORS[i % BRAND_COLORS.length] as string]));
}
