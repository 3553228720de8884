import type { Fact, FactsFigures } from '../../../shared/facts';
import { fewAnswers, judgedByText, notCheckedBeside } from '../../../shared/facts';
import { writeLine, type CliContext } from '../../context';
import { formatTable } from '../../core';

// The text output of `parallax facts`: per brand its discrepancy rate with n and interval (in
// words when it rests on few answers), each fact's verdicts, and the sources of the errors.

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

function valueText(f: Fact): string {
  switch (f.kind) {
    case 'price':
      return `${f.value.amount} ${f.value.currency}${f.value.period ? `/${f.value.period}` : ''}`;
    case 'yes-no':
      return f.value ? 'yes' : 'no';
    case 'number':
      return `${f.value.value}${f.value.unit ? ` ${f.value.unit}` : ''}${f.value.tolerance !== undefined ? ` ±${f.value.tolerance}` : ''}`;
    case 'list':
      return f.value.join('; ');
    default:
      return String(f.value);
  }
}

export function printSheet(ctx: CliContext, brand: string, facts: readonly Fact[]): void {
  if (facts.length === 0)
    return writeLine(ctx.stdout, `${brand} has no fact sheet (parallax facts set ${brand} --file F).`);
  writeLine(ctx.stdout, `${brand}: ${facts.length} fact${facts.length === 1 ? '' : 's'}`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Key', 'Kind', 'Value', 'Words'],
      facts.map((f) => [f.key, f.kind, valueText(f), f.words.join('; ') || '-']),
    ),
  );
}

function groupOf(b: FactsFigures['brands'][number]): string {
  return b.engine ?? b.country ?? b.language ?? b.fact ?? '';
}

export function printFigures(ctx: CliContext, figures: FactsFigures): void {
  if (figures.brands.length === 0) {
    writeLine(
      ctx.stdout,
      'No answer of the period names a brand with a fact sheet (parallax facts set BRAND --file F).',
    );
    return;
  }
  const judged = judgedByText(figures.judgedBy);
  if (judged !== null) writeLine(ctx.stdout, judged);
  if (figures.notChecked.note !== null) writeLine(ctx.stdout, `${figures.notChecked.note}.`);
  for (const b of figures.brands) {
    const r = b.discrepancyRate;
    const group = groupOf(b);
    const rate =
      r.n === 0
        ? 'no answer addresses its facts'
        : `${pct(r.value)} of ${r.n} answer${r.n === 1 ? '' : 's'} addressing its facts contradict one (95 % interval ${pct(r.lower)}–${pct(r.upper)})${fewAnswers(r) ? ', few answers' : ''}`;
    writeLine(
      ctx.stdout,
      `${b.brand}${group ? ` · ${group}` : ''}: ${rate}${notCheckedBeside(b.notChecked)}`,
    );
    writeLine(
      ctx.stdout,
      formatTable(
        ['Fact', 'Supported', 'Contradicted', 'Not addressed', ...(judged === null ? [] : ['By your model'])],
        b.facts.map((f) => [
          f.key,
          String(f.supported),
          String(f.contradicted),
          String(f.notAddressed),
          ...(judged === null ? [] : [String(f.byModel)]),
        ]),
      ),
    );
    writeLine(ctx.stdout);
  }
  if (figures.sources.length === 0) return;
  writeLine(
    ctx.stdout,
    'Sources cited in contradicting answers (share of contradicting vs supporting answers citing them):',
  );
  writeLine(
    ctx.stdout,
    formatTable(
      ['Brand', 'Domain', 'Contradicting', 'Supporting'],
      figures.sources
        .slice(0, 20)
        .map((s) => [
          s.brand,
          s.domain,
          `${s.contradicting} (${pct(s.contradictingShare)})`,
          `${s.supporting} (${pct(s.supportingShare)})`,
        ]),
    ),
  );
}
