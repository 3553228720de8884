import type { PositioningStatus } from '../../../shared/positioning/types';

// The units a synthetic answer writes about its brands: each is one sentence, list item or
// table row whose template says how it positions the brand(s) it names (status) and its tone
// (base sentiment score, before the attributes it lists). The same catalog drives writing
// (compose.ts) and reading back (recover.ts), so the sandbox's ground truth is a function of
// the text: see docs/reference/sandbox-positioning.md.
//
// Template placeholders: {b} the brand as written, {a} its positive or neutral qualities,
// {x} its drawbacks, {s} a how-to step. A pair unit (a comparison naming two brands) is a
// first clause and a second clause joined by the language's pairJoin.

export type Shape = 'ranked' | 'table' | 'comparison' | 'news' | 'howto';
export const SHAPES: readonly Shape[] = ['ranked', 'table', 'comparison', 'news', 'howto'];

export type UnitForm = 'lead' | 'item' | 'row' | 'pair1' | 'pair2' | 'news' | 'step';

export interface UnitSpec {
  form: UnitForm;
  status: PositioningStatus;
  /** Tone of the unit about its brand before attributes, -1..1. */
  score: number;
}

const spec = (form: UnitForm, status: PositioningStatus, score: number): UnitSpec => ({
  form,
  status,
  score,
});

export const UNITS = {
  // A line before a ranked list that crowns the first brand.
  'lead.best': spec('lead', 'top', 0.85),
  'lead.pick': spec('lead', 'top', 0.8),
  // Ranked list items.
  'item.top.best': spec('item', 'top', 0.85),
  'item.top.pick': spec('item', 'top', 0.8),
  'item.rec.plain': spec('item', 'recommended', 0.6),
  'item.rec.solid': spec('item', 'recommended', 0.6),
  'item.rec.caveat': spec('item', 'recommended', 0.25),
  'item.rec.downside': spec('item', 'recommended', 0.25),
  'item.mention.untested': spec('item', 'mentioned', 0),
  'item.mention.new': spec('item', 'mentioned', 0),
  'item.caut.not': spec('item', 'cautioned', -0.7),
  'item.caut.avoid': spec('item', 'cautioned', -0.75),
  'item.caut.mixed': spec('item', 'cautioned', -0.4),
  // Rows of a pros and cons table (the verdict column says the status).
  'row.top': spec('row', 'top', 0.85),
  'row.rec': spec('row', 'recommended', 0.6),
  'row.mention': spec('row', 'mentioned', 0),
  'row.caut': spec('row', 'cautioned', -0.7),
  // Clauses of a comparison sentence: "choose A for …; B is a strong alternative …".
  'pair1.top': spec('pair1', 'top', 0.85),
  'pair1.rec': spec('pair1', 'recommended', 0.6),
  'pair1.caut': spec('pair1', 'cautioned', -0.6),
  'pair2.rec': spec('pair2', 'recommended', 0.55),
  'pair2.caut': spec('pair2', 'cautioned', -0.7),
  // Sentences of a news paragraph.
  'news.top': spec('news', 'top', 0.8),
  'news.rec': spec('news', 'recommended', 0.55),
  'news.mention.release': spec('news', 'mentioned', 0),
  'news.mention.site': spec('news', 'mentioned', 0),
  'news.mention.price': spec('news', 'mentioned', -0.3),
  'news.caut.complaints': spec('news', 'cautioned', -0.6),
  'news.caut.advise': spec('news', 'cautioned', -0.75),
  // Steps of a how-to.
  'step.top': spec('step', 'top', 0.8),
  'step.rec': spec('step', 'recommended', 0.55),
  'step.mention': spec('step', 'mentioned', 0),
  'step.caut': spec('step', 'cautioned', -0.65),
} as const satisfies Record<string, UnitSpec>;

export type UnitId = keyof typeof UNITS;
export const UNIT_IDS = Object.keys(UNITS) as UnitId[];

/** Clause ids of comparison sentences, first and second. */
export const PAIR_FIRST = ['pair1.top', 'pair1.rec', 'pair1.caut'] as const satisfies readonly UnitId[];
export const PAIR_SECOND = ['pair2.rec', 'pair2.caut'] as const satisfies readonly UnitId[];

/** A written unit's template: a unit id, or "pair1.x+pair2.y" for a comparison sentence. */
export type TemplateId = UnitId | `${(typeof PAIR_FIRST)[number]}+${(typeof PAIR_SECOND)[number]}`;

/** The specs of a template's brand slots, in the order the brands are written. */
export function slotSpecs(template: TemplateId): readonly UnitSpec[] {
  let specs = SLOT_SPECS.get(template);
  if (!specs) {
    specs = template.split('+').map((id) => UNITS[id as UnitId]);
    SLOT_SPECS.set(template, specs);
  }
  return specs;
}
/** Every brand slot of every written unit looks its template up: split once per template. */
const SLOT_SPECS = new Map<TemplateId, readonly UnitSpec[]>();

export const STATUS_PRIORITY: Readonly<Record<PositioningStatus, number>> = {
  top: 3,
  cautioned: 2,
  recommended: 1,
  mentioned: 0,
};

/** Tone added per quality the unit lists about the brand. */
export const ATTRIBUTE_TONE = { positive: 0.1, neutral: 0, negative: -0.15 } as const;

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** What one language writes (see the texts-*.ts files). */
export interface LanguageText {
  /** Intros of the shapes other than ranked (a ranked answer keeps the language's phrases.intro). */
  intros: Readonly<Record<Exclude<Shape, 'ranked'>, string>>;
  /** A pros and cons table's header row. */
  tableHeader: string;
  /** The line before the list that follows a comparison sentence. */
  otherOptions: string;
  /** How-to steps, one opens each step item. */
  steps: readonly string[];
  /** Between the two clauses of a comparison sentence. */
  pairJoin: string;
  /** Between the sentences of a paragraph. */
  sentenceJoin: string;
  units: Readonly<Record<UnitId, string>>;
}
