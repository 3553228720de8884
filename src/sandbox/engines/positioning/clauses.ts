import type { Lang } from '../locales';
import {
  joinAttributePhrases,
  sharedAttributeList,
  writtenAttribute,
  type Attribute,
  type WrittenAttribute,
} from './attributes';
import { TrieNode } from './key-trie';
import { compileTemplate, fillTemplate, hasHole, type CompiledTemplate } from './template';
import { TEXTS } from './texts';
import type { UnitId } from './units';
import { makeSlot, type WrittenSlot } from './written';

// The clauses of an answer's units: a unit template of a language filled for one brand (its
// Markdown and plain text) and the brand's slot in the ground truth.
//
// A clause is a function of its language, template, brand (as written and by name), qualities,
// how-to step and table cells, and each recurs in many answers (a brand is presented the same
// way in every answer that gives it the same status and qualities): each is written once, then
// shared by every answer that has it, which also keeps one copy of its strings in memory rather
// than one per answer. Shared, so frozen.

export interface Clause {
  md: string;
  text: string;
  slot: WrittenSlot;
  /** [slot]: the slots of a unit that is this one clause. */
  slots: readonly WrittenSlot[];
}

export interface ClauseOptions {
  /** The how-to step the unit opens with. */
  s?: string;
  /** Qualities to write instead of the plan's positives (a lead line names only the first). */
  positives?: readonly Attribute[];
  /** Table cells: an empty list is written as a dash. */
  emptyCells?: boolean;
}

export const NO_OPTIONS: ClauseOptions = {};
const NO_ATTRIBUTES = sharedAttributeList([]);
const EMPTY_CELL = '—';

/** The placeholders of a unit (see units.ts), in the order of their values. */
const PLACEHOLDERS = ['b', 'a', 'x', 's'] as const;
const A = PLACEHOLDERS.indexOf('a');
const X = PLACEHOLDERS.indexOf('x');
const S = PLACEHOLDERS.indexOf('s');

/**
 * Clauses kept before every cache starts over, a bound on their memory (about 1 KB each with
 * their strings and keys): the bench's 6,720 answers write about 21,000 different ones.
 */
const CLAUSES_CAP = 30_000;
let clauseCount = 0;

/** One unit template of one language, and the clauses written from it so far. */
export class UnitClauses {
  private readonly template: CompiledTemplate;
  private readonly writesQualities: boolean;
  private readonly writesDrawbacks: boolean;
  private readonly writesStep: boolean;
  /** Where the clauses' keys start: with the table's empty cells written as nothing, or as a dash. */
  private readonly roots = [new TrieNode<Clause>(), new TrieNode<Clause>()] as const;

  constructor(
    private readonly lang: Lang,
    private readonly id: UnitId,
  ) {
    this.template = compileTemplate(TEXTS[lang].units[id], PLACEHOLDERS);
    this.writesQualities = hasHole(this.template, A);
    this.writesDrawbacks = hasHole(this.template, X);
    this.writesStep = hasHole(this.template, S);
  }

  /**
   * The clause about a brand written as `label`, with the plan's qualities that the template
   * has room for. Found by walking its keys (strings, and the shared lists of qualities, which
   * are their own keys), so nothing is built to find it; what the template does not write
   * (its step, for a template without one) is left out of them.
   */
  clause(
    label: string,
    name: string,
    planned: { positives: readonly Attribute[]; negatives: readonly Attribute[] },
    options: ClauseOptions,
  ): Clause {
    const positives = this.writesQualities ? keyList(options.positives ?? planned.positives) : NO_ATTRIBUTES;
    const negatives = this.writesDrawbacks ? keyList(planned.negatives) : NO_ATTRIBUTES;
    if (positives.length > 2 || negatives.length > 2)
      return this.write(label, name, positives, negatives, options);
    let node = this.roots[options.emptyCells ? 1 : 0].to(label);
    // The next key is a list: a name, a string, cannot be mistaken for one.
    if (name !== label) node = node.to(name);
    node = node.to(positives).to(negatives);
    if (this.writesStep) node = node.to(options.s);
    let clause = node.value;
    if (!clause) {
      clause = this.write(label, name, positives, negatives, options);
      node.value = clause;
      if (++clauseCount > CLAUSES_CAP) startOver();
    }
    return clause;
  }

  private write(
    label: string,
    name: string,
    positives: readonly Attribute[],
    negatives: readonly Attribute[],
    options: ClauseOptions,
  ): Clause {
    const empty = options.emptyCells ? EMPTY_CELL : '';
    const filled = fillTemplate(this.template, [
      label,
      joinAttributePhrases(this.lang, positives) || empty,
      joinAttributePhrases(this.lang, negatives) || empty,
      options.s,
    ]);
    const attributes = Object.freeze(writtenAttributes(this.lang, positives, negatives));
    const slot = Object.freeze(makeSlot(this.id, 0, label, name, attributes));
    return Object.freeze({ md: filled.markdown, text: filled.text, slot, slots: Object.freeze([slot]) });
  }
}

/** A language's unit templates and their clauses. */
export class LanguageClauses {
  private readonly units = new Map<UnitId, UnitClauses>();

  constructor(private readonly lang: Lang) {}

  unit(id: UnitId): UnitClauses {
    let unit = this.units.get(id);
    if (!unit) {
      unit = new UnitClauses(this.lang, id);
      this.units.set(id, unit);
    }
    return unit;
  }
}

const byLanguage = new Map<Lang, LanguageClauses>();

/** The clauses of a language (look them up once an answer). */
export function clausesOf(lang: Lang): LanguageClauses {
  let clauses = byLanguage.get(lang);
  if (!clauses) {
    clauses = new LanguageClauses(lang);
    byLanguage.set(lang, clauses);
  }
  return clauses;
}

/** Drops every clause kept (an answer being written keeps the ones it has). */
function startOver(): void {
  byLanguage.clear();
  clauseCount = 0;
}

/**
 * A list of qualities as the key of the clauses written from it: the shared list (see
 * attributeList) that plans hold, found again for a list made elsewhere (a lead line's first
 * positive); a list of more than two (during attribute-gain events) is its own.
 */
function keyList(list: readonly Attribute[]): readonly Attribute[] {
  return Object.isFrozen(list) ? list : sharedAttributeList(list);
}

/** The qualities a unit attaches to its brand, as the ground truth records them. */
function writtenAttributes(
  lang: Lang,
  positives: readonly Attribute[],
  negatives: readonly Attribute[],
): WrittenAttribute[] {
  const out: WrittenAttribute[] = [];
  for (const a of positives) out.push(writtenAttribute(a, lang));
  for (const a of negatives) out.push(writtenAttribute(a, lang));
  return out;
}
