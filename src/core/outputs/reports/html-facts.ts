import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import type { BrandFactsFigures, FactSourceFigures } from '../../../shared/facts';
import { plural } from '../../../shared/narrative/words';
import { section, t, table, type Column } from './html-parts';
import type { ClientReport } from './types';

// The report's "What the engines get wrong": per brand with a fact sheet, how often an answer
// that addresses its facts contradicts one (with the likely range and the answers it rests on,
// "few answers" under 30), the facts contradicted most, and the sites cited in contradicting
// answers. Left out when no answer addresses a fact.

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;

function rateCell(b: BrandFactsFigures): string {
  const r = b.discrepancyRate;
  const few = r.n < MIN_ANSWERS_A_SIDE ? ', few answers' : '';
  return `${t(pct(r.value))}<span class="sub">${t(`${pct(r.lower)}–${pct(r.upper)} · ${plural(r.n, 'answer')} addressing its facts${few}`)}</span>`;
}

function wrongFacts(b: BrandFactsFigures): string {
  const wrong = b.facts.filter((f) => f.contradicted > 0).sort((x, y) => y.contradicted - x.contradicted);
  if (wrong.length === 0) return t('none contradicted');
  return t(
    wrong
      .slice(0, 4)
      .map((f) => `${f.key}: ${f.contradicted} of ${f.contradicted + f.supported}`)
      .join('; '),
  );
}

const BRAND_COLUMNS: Column<BrandFactsFigures>[] = [
  { head: 'Brand', cell: (b) => t(b.brand), width: 18 },
  { head: 'Answers contradicting a fact', cell: rateCell, width: 34 },
  { head: 'Facts contradicted (answers contradicting, of those addressing it)', cell: wrongFacts },
];

const SOURCE_COLUMNS: Column<FactSourceFigures>[] = [
  { head: 'Brand', cell: (s) => t(s.brand), width: 18 },
  { head: 'Site', cell: (s) => t(s.domain), width: 30 },
  { head: 'In contradicting answers', cell: (s) => t(`${s.contradicting} (${pct(s.contradictingShare)})`) },
  { head: 'In supporting answers', cell: (s) => t(`${s.supporting} (${pct(s.supportingShare)})`) },
];

/** Shown only when an answer in the report's window addresses a fact of a brand. */
export function hasFacts(r: Pick<ClientReport, 'facts'>): boolean {
  return (r.facts?.brands ?? []).some((b) => b.discrepancyRate.n > 0);
}

/** " 12 answers … are not counted." when some answers are in languages the checker does not read. */
function notCheckedNote(facts: NonNullable<ClientReport['facts']>): string {
  const n = facts.notChecked.answers;
  if (n === 0) return '';
  return ` ${n.toLocaleString('en')} ${n === 1 ? 'answer is' : 'answers are'} in a language the built-in checker does not read and ${n === 1 ? 'is' : 'are'} not counted.`;
}

export function factsSection(r: ClientReport): string {
  if (!hasFacts(r) || !r.facts) return '';
  const focus = r.focus?.name;
  const brands = [...r.facts.brands]
    .filter((b) => b.discrepancyRate.n > 0)
    .sort(
      (a, b) =>
        Number(b.brand === focus) - Number(a.brand === focus) || b.discrepancyRate.n - a.discrepancyRate.n,
    );
  const sources = r.facts.sources.filter((s) => s.contradicting > 0).slice(0, 10);
  return section(
    'facts',
    'What the engines get wrong',
    `${table('Answers contradicting each brand’s facts', BRAND_COLUMNS, brands, 'No answer addresses a fact.')}${
      sources.length > 0
        ? `<h3>${t('Sites cited in the contradicting answers')}</h3>${table('Sites cited in contradicting answers', SOURCE_COLUMNS, sources, '')}`
        : ''
    }`,
    `Each brand’s facts (its fact sheet) checked against every answer since the period began that names it, across all tracked questions: the share of the answers addressing its facts that contradict at least one, and the sites those answers cite.${notCheckedNote(r.facts)}`,
  );
}
