import { ordinal, percent } from '../../../shared/narrative/numbers';
import { listJoin, plural } from '../../../shared/narrative/words';
import { COMMERCE_GLOSSARY, REPORT_GLOSSARY } from '../../../shared/narrative/terms';
import { section, t } from './html-parts';
import { thinCaveat } from './html-method';
import type { ClientReport } from './types';

// The report's first and last words for a client: the executive summary (the period's findings
// in plain sentences with their numbers, then the KPIs follow) and "How to read this report".

const METRIC_NAMES = {
  mentionRate: 'mention rate',
  citationRate: 'citation rate',
  avgPosition: 'average position',
  shareOfVoice: 'share of voice',
} as const;

/** "Veloxa was named in 31 % of the 2,880 answers …, usually 2nd among the brands named (1.8 on average)." */
function lead(r: ClientReport): string {
  const k = r.kpis;
  if (!k || !r.focus || k.mentionRate.value === null)
    return `The engines gave ${plural(r.answers, 'answer')} to the tracked questions over these ${plural(r.period.days, 'day')}.`;
  const at = k.avgPosition.value === null ? null : Math.max(1, k.avgPosition.value);
  const place =
    at === null
      ? ''
      : `, usually ${ordinal(at)} among the brands an answer names (${at.toFixed(1)} on average)`;
  return `${r.focus.name} was named in ${percent(k.mentionRate.value)} of the ${plural(r.answers, 'answer')} the engines gave over these ${plural(r.period.days, 'day')}${place}.`;
}

/** The focus brand's KPIs that did not change clearly, in one sentence. */
function steady(r: ClientReport): string {
  const k = r.kpis;
  if (!k || r.previousAnswers === 0) return '';
  const names = (Object.keys(METRIC_NAMES) as Array<keyof typeof METRIC_NAMES>)
    .filter((key) => k.change[key].delta !== null && !k.change[key].significant)
    .map((key) => METRIC_NAMES[key]);
  if (names.length === 0) return '';
  return `<p class="steady">${t(`No clear change in ${r.focus?.name ?? 'the brand'}’s ${listJoin(names)} against the previous ${plural(r.period.days, 'day')}.`)}</p>`;
}

export function summarySection(r: ClientReport): string {
  const findings =
    r.findings.length === 0
      ? `<p class="no-findings">${t(
          r.previousAnswers === 0
            ? 'There are no answers from the previous period to compare with yet.'
            : `Nothing changed clearly against the previous ${plural(r.period.days, 'day')}.`,
        )}</p>`
      : `<ul class="findings">${r.findings
          .map(
            (f) =>
              `<li class="finding" data-kind="${t(f.kind)}" data-effect="${f.effect}" data-significant="${f.significant}">${t(f.text)}</li>`,
          )
          .join('')}</ul>`;
  const caveat = thinCaveat(r);
  return section(
    'summary',
    'Summary',
    `<p class="lead">${t(lead(r))}</p>${findings}${steady(r)}${caveat ? `<p class="caveat">${t(caveat)}</p>` : ''}`,
  );
}

/** "How to read this report": the commerce terms only when the report shows products and ads. */
export function glossarySection(extra: 'commerce' | null): string {
  const terms = extra === 'commerce' ? [...REPORT_GLOSSARY, ...COMMERCE_GLOSSARY] : REPORT_GLOSSARY;
  const entries = terms.map((g) => `<div><dt>${t(g.term)}</dt><dd>${t(g.meaning)}</dd></div>`).join('');
  return section('glossary', 'How to read this report', `<dl class="glossary">${entries}</dl>`);
}
