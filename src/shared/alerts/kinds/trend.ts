import { mentionSentence } from '../../narrative/changes';
import { count, pValue } from '../../narrative/numbers';
import type { AlertKindDef, AlertFacts } from '../kind-def';
import { alertPlace, coverage, rateEffect, rateSide } from './common';

// A brand named in steadily more or fewer answers across the monitor's last runs, which no
// single run-to-run comparison shows (src/shared/analytics/trend-alerts.ts says how it is
// tested). before/after: the mention rate over the first and the last quarter of those runs.
// data: runs, answers (in all those runs), z, p (the trend test), pAdjusted (Holm, over the
// `tested` series of the check), dispersion (the runs' spread over the binomial one, at least
// 1), fromRunId.

const num = (a: AlertFacts, key: string): number | null => {
  const v = a.data?.[key];
  return typeof v === 'number' ? v : null;
};

function details(a: AlertFacts): string {
  const runs = num(a, 'runs') ?? 0;
  const z = num(a, 'z');
  const p = num(a, 'p');
  const adjusted = num(a, 'pAdjusted');
  const tested = num(a, 'tested');
  const dispersion = num(a, 'dispersion');
  const test = [
    `Cochran–Armitage trend test over ${count(runs)} runs (${count(num(a, 'answers') ?? 0)} answers, ${coverage(a)})`,
    z !== null ? `z = ${z.toFixed(2)}` : null,
    p !== null ? pValue(p) : null,
    adjusted !== null && tested !== null
      ? `Holm-adjusted over ${count(tested)} series ${pValue(adjusted)}`
      : null,
    dispersion !== null && dispersion > 1
      ? `variance scaled by the runs’ dispersion ${dispersion.toFixed(2)}`
      : null,
  ].filter((x): x is string => x !== null);
  return `${test.join('; ')}. First runs: ${rateSide(a.before)}; last runs: ${rateSide(a.after)}.`;
}

export const trend: AlertKindDef = {
  kind: 'trend',
  label: 'Steady slide or rise',
  defaultOn: true,
  collapsed: false,
  title: (a, labels) =>
    mentionSentence({
      name: a.brandName ?? 'The brand',
      before: a.before.value,
      after: a.after.value,
      steadyRuns: num(a, 'runs') ?? undefined,
      where: alertPlace(a, labels),
    }),
  details,
  effect: rateEffect,
};
