/**
 * The height in px each panel's content takes with typical data (five brands, a few dozen
 * rows), held before its first answer so panels arriving one by one do not move the others
 * (the tables scroll inside 480 px).
 */
export const PANEL_RESERVE = {
  leaderboard: 330,
  positioning: 330,
  trend: 330,
  heatmap: 300,
  gaps: 480,
  sources: 480,
  ownUrls: 300,
  queries: 480,
  prompts: 480,
} as const;
