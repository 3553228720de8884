import type { Locator } from 'playwright-core';

// A recharts chart read from its SVG in the real browser: what a screenshot cannot assert by
// itself (the y axis's tick labels, the interval bands drawn for each banded series).

export interface ChartReading {
  /** The y axis's tick labels (recharts 3 draws them in a layer of their own) from the top down ("#1", "#2", … for a position). */
  yTicks: string[];
  /** Per interval band (one recharts Area a banded series): its path's length and box height in px. */
  bands: Array<{ pathLength: number; height: number }>;
  /** The series' lines drawn. */
  lines: number;
}

export async function readChart(figure: Locator): Promise<ChartReading> {
  return figure.evaluate((root) => {
    const yTicks = [
      ...root.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ]
      .map((t) => ({ top: t.getBoundingClientRect().top, text: (t.textContent ?? '').trim() }))
      .sort((a, b) => a.top - b.top)
      .map((t) => t.text);
    const bands = [...root.querySelectorAll<SVGPathElement>('.recharts-area path.recharts-area-area')].map(
      (p) => ({ pathLength: (p.getAttribute('d') ?? '').length, height: p.getBoundingClientRect().height }),
    );
    return { yTicks, bands, lines: root.querySelectorAll('path.recharts-line-curve').length };
  });
}

/** The number of a tick label: "#3" → 3, "42 %" → 42. */
export const tickNumber = (label: string): number => Number(label.replace(/[#%\s]/gu, ''));
