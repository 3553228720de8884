import { hashParts } from '../../core/prng';
import type { Lang } from '../locales';
import { clausesOf, NO_OPTIONS, type Clause, type ClauseOptions, type LanguageClauses } from './clauses';
import type { PlannedBrand } from './plan';
import { fillTemplate, TemplateCache } from './template';
import { introOf, TABLE_RULE, TEXTS } from './texts';
import type { LanguageText, Shape, TemplateId, UnitId } from './units';
import { AnswerWriter, type WrittenUnit } from './written';

// Writes an answer's text in its shape from the brands' plan (plan.ts): the intro, the units
// about the brands in rank order (so a brand's first mention keeps its rank, as visibility
// positions expect), then the outro. Every brand name in the answer is inside a unit.

export interface ComposeInput {
  lang: Lang;
  shape: Shape;
  categoryName: string;
  countryName: string;
  brands: readonly PlannedBrand[];
  /** Markdown citation after the list item of ranked brand i (" ([domain](url))"), or ''. */
  citation: (rank: number) => string;
  /** The answer's closing paragraph. */
  outro: string;
  /** The answer's key: which template variant each unit uses. */
  key: number;
}

export interface ComposedAnswer {
  text: string;
  markdown: string;
  units: { text: WrittenUnit[]; markdown: WrittenUnit[] };
}

interface Ctx {
  input: ComposeInput;
  texts: LanguageText;
  w: AnswerWriter;
  /** hash(key, 'template'): where every unit's template variant is drawn from. */
  templateHash: number;
  /** The language's unit templates and their clauses. */
  clauses: LanguageClauses;
}

/** The placeholders of an intro, in the order of their values. */
const INTRO_PLACEHOLDERS = ['cat', 'country'] as const;
const INTROS = new TemplateCache(INTRO_PLACEHOLDERS);

export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const texts = TEXTS[input.lang];
  const w = new AnswerWriter();
  const ctx: Ctx = {
    input,
    texts,
    w,
    templateHash: hashParts(input.key, 'template'),
    clauses: clausesOf(input.lang),
  };
  const intro = fillTemplate(INTROS.get(introOf(input.lang, input.shape)), [
    input.categoryName,
    input.countryName,
  ]);
  w.raw(intro.markdown, intro.text);
  w.raw('\n\n');
  WRITERS[input.shape](ctx);
  w.raw(`\n\n${input.outro}`);
  return { text: w.text, markdown: w.markdown, units: { text: w.textUnits, markdown: w.markdownUnits } };
}

const WRITERS: Readonly<Record<Shape, (ctx: Ctx) => void>> = {
  ranked: writeRanked,
  table: writeTable,
  comparison: writeComparison,
  news: writeNews,
  howto: writeHowto,
};

/** A template variant: by the answer's key, shifted by rank so neighbours with one status differ. */
function variant<T>(ctx: Ctx, rank: number, options: readonly T[]): T {
  return options[(ctx.templateHash + rank) % options.length] as T;
}

/** One unit about one brand. */
function writeOne(
  ctx: Ctx,
  id: UnitId,
  b: PlannedBrand,
  label: string,
  options: ClauseOptions = NO_OPTIONS,
): void {
  const c = clause(ctx, id, b, label, options);
  ctx.w.unit(id, c.md, c.slots, c.text);
}

/** The clause of template `id` about brand `b` written as `label`. */
function clause(ctx: Ctx, id: UnitId, b: PlannedBrand, label: string, options: ClauseOptions): Clause {
  return ctx.clauses.unit(id).clause(label, b.name, b, options);
}

/** The list-item template for a brand's status (with or without drawbacks / qualities). */
function itemId(ctx: Ctx, b: PlannedBrand, rank: number): UnitId {
  switch (b.status) {
    case 'top':
      return variant(ctx, rank, ['item.top.best', 'item.top.pick'] as const);
    case 'recommended':
      return b.negatives.length > 0
        ? variant(ctx, rank, ['item.rec.caveat', 'item.rec.downside'] as const)
        : variant(ctx, rank, ['item.rec.plain', 'item.rec.solid'] as const);
    case 'mentioned':
      return variant(ctx, rank, ['item.mention.untested', 'item.mention.new'] as const);
    case 'cautioned':
      return b.positives.length > 0
        ? variant(ctx, rank, ['item.caut.not', 'item.caut.avoid', 'item.caut.mixed'] as const)
        : variant(ctx, rank, ['item.caut.not', 'item.caut.avoid'] as const);
  }
}

function writeItems(
  ctx: Ctx,
  items: ReadonlyArray<{ b: PlannedBrand; rank: number }>,
  marker: (i: number) => string,
): void {
  items.forEach(({ b, rank }, i) => {
    if (i > 0) ctx.w.raw('\n');
    ctx.w.raw(marker(i));
    writeOne(ctx, itemId(ctx, b, i), b, b.label);
    if (!b.entrant) ctx.w.markdownOnly(ctx.input.citation(rank));
  });
}

function ranked(brands: readonly PlannedBrand[]): Array<{ b: PlannedBrand; rank: number }> {
  return brands.map((b, rank) => ({ b, rank }));
}

/** A lead line crowning the first brand, then the numbered list (the first item recommends it again). */
function writeRanked(ctx: Ctx): void {
  const brands = ctx.input.brands;
  const first = brands[0];
  if (first?.status === 'top' && hashParts(ctx.input.key, 'lead') % 2 === 0) {
    writeOne(ctx, variant(ctx, 0, ['lead.best', 'lead.pick'] as const), first, first.label, {
      positives: first.positives.slice(0, 1),
    });
    ctx.w.raw('\n\n');
    const again: PlannedBrand = {
      ...first,
      status: 'recommended',
      positives: first.positives.length > 1 ? first.positives.slice(1) : first.positives,
    };
    writeItems(ctx, ranked([again, ...brands.slice(1)]), (i) => `${i + 1}. `);
    return;
  }
  writeItems(ctx, ranked(brands), (i) => `${i + 1}. `);
}

const ROW: Readonly<Record<PlannedBrand['status'], UnitId>> = {
  top: 'row.top',
  recommended: 'row.rec',
  mentioned: 'row.mention',
  cautioned: 'row.caut',
};

function writeTable(ctx: Ctx): void {
  ctx.w.raw(`${ctx.texts.tableHeader}\n${TABLE_RULE}`);
  for (const b of ctx.input.brands) {
    ctx.w.raw('\n');
    writeOne(ctx, ROW[b.status], b, b.label, { emptyCells: true });
  }
}

const PAIR_FIRST: Readonly<Partial<Record<PlannedBrand['status'], UnitId>>> = {
  top: 'pair1.top',
  recommended: 'pair1.rec',
  cautioned: 'pair1.caut',
};
const PAIR_SECOND: Readonly<Partial<Record<PlannedBrand['status'], UnitId>>> = {
  recommended: 'pair2.rec',
  cautioned: 'pair2.caut',
};

/** "Choose A for …; B is a strong alternative …", then the other options as a list. */
function writeComparison(ctx: Ctx): void {
  const [a, b, ...rest] = ctx.input.brands;
  const first = a && PAIR_FIRST[a.status];
  const second = b && PAIR_SECOND[b.status];
  if (!a || !b || !first || !second) return writeItems(ctx, ranked(ctx.input.brands), (i) => `${i + 1}. `);
  const one = clause(ctx, first, a, a.short, NO_OPTIONS);
  const two = clause(ctx, second, b, b.short, NO_OPTIONS);
  ctx.w.unit(`${first}+${second}` as TemplateId, `${one.md}${ctx.texts.pairJoin}${two.md}`, [
    one.slot,
    two.slot,
  ]);
  if (rest.length === 0) return;
  ctx.w.raw(`\n\n${ctx.texts.otherOptions}\n`);
  writeItems(
    ctx,
    rest.map((x, i) => ({ b: x, rank: i + 2 })),
    () => '- ',
  );
}

const NEWS: Readonly<Record<PlannedBrand['status'], readonly UnitId[]>> = {
  top: ['news.top'],
  recommended: ['news.rec'],
  mentioned: ['news.mention.release', 'news.mention.site', 'news.mention.price'],
  cautioned: ['news.caut.complaints', 'news.caut.advise'],
};

function writeNews(ctx: Ctx): void {
  ctx.input.brands.forEach((b, i) => {
    if (i > 0) ctx.w.raw(ctx.texts.sentenceJoin);
    writeOne(ctx, variant(ctx, i, NEWS[b.status]), b, b.short);
  });
}

const STEP: Readonly<Record<PlannedBrand['status'], UnitId>> = {
  top: 'step.top',
  recommended: 'step.rec',
  mentioned: 'step.mention',
  cautioned: 'step.caut',
};

function writeHowto(ctx: Ctx): void {
  const steps = ctx.texts.steps;
  const offset = hashParts(ctx.input.key, 'steps') % steps.length;
  ctx.input.brands.forEach((b, i) => {
    if (i > 0) ctx.w.raw('\n');
    ctx.w.raw(`${i + 1}. `);
    writeOne(ctx, STEP[b.status], b, b.short, { s: steps[(offset + i) % steps.length] });
    if (!b.entrant) ctx.w.markdownOnly(ctx.input.citation(i));
  });
}
