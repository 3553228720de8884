// A brand's fact sheet and the verdicts of an answer against it. Pure types: the parser, the
// checker, the store and every front end speak these.

export const FACT_KINDS = ['price', 'yes-no', 'year', 'place', 'number', 'list', 'person', 'text'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export const PRICE_PERIODS = ['month', 'year', 'once'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

export interface PriceValue {
  amount: number;
  /** ISO 4217. */
  currency: string;
  period?: PricePeriod;
}

export interface NumberValue {
  value: number;
  unit?: string;
  /** Absolute distance from the value an answer may state and still agree (default 5 % of it). */
  tolerance?: number;
}

interface FactBase<K extends FactKind, V> {
  key: string;
  kind: K;
  value: V;
  /** The words answers use for the fact ("free plan", "personal plan", "employees"). */
  words: string[];
}

export type PriceFact = FactBase<'price', PriceValue>;
export type YesNoFact = FactBase<'yes-no', boolean>;
export type YearFact = FactBase<'year', number>;
export type PlaceFact = FactBase<'place', string>;
export type NumberFact = FactBase<'number', NumberValue>;
export type ListFact = FactBase<'list', string[]>;
export type PersonFact = FactBase<'person', string>;
/** A free-form claim ("refunds within 30 days, no questions asked"): only a model judge reads it. */
export type TextFact = FactBase<'text', string>;

export type Fact =
  PriceFact | YesNoFact | YearFact | PlaceFact | NumberFact | ListFact | PersonFact | TextFact;

export interface FactSheetError {
  /** 1-based line of the file (YAML: the fact's first line; CSV: the row's). */
  line?: number;
  /** The field at fault ("facts[2].value", "row 4: currency"). */
  field: string;
  message: string;
}

export interface ParsedFactSheet {
  facts: Fact[];
  errors: FactSheetError[];
}

export type FactSheetFormat = 'yaml' | 'csv';

export const FACT_VERDICTS = ['supported', 'contradicted', 'not-addressed'] as const;
export type FactVerdict = (typeof FACT_VERDICTS)[number];

export interface FactEvidence {
  /** The words of the answer that make the claim, as written. */
  text: string;
  /** Offsets in the answer's text: text.slice(start, end) is the quote. */
  start: number;
  end: number;
}

/** Who judged a verdict: the built-in checker, or the analyst's model ("model:<provider>:<model>"). */
export const BUILTIN_CHECKER = 'builtin';
export type FactChecker = typeof BUILTIN_CHECKER | `model:${string}`;

export interface FactCheck {
  brandId: string;
  key: string;
  verdict: FactVerdict;
  evidence: FactEvidence | null;
  checker: FactChecker;
  /**
   * The answer's language as the built-in checker told it ("en", "fi"): what the figures split
   * by. When it is one the checker does not read (`readsLanguage`), every fact is "not addressed"
   * and the figures count the answer as not checked, not as silent.
   */
  language?: string;
}

/** An answer's facts that it addresses: what Compare marks in it. */
export interface ResultFacts {
  resultId: string;
  /** In the order of their quotes in the answer. */
  checks: Array<{
    brand: string;
    brandId: string;
    key: string;
    verdict: Exclude<FactVerdict, 'not-addressed'>;
    /** Offsets in the text the checker read (the Markdown, else the plain text). */
    evidence: FactEvidence | null;
  }>;
}

/** A tracked brand's sheet, by brand id. */
export interface BrandFactSheet {
  brandId: string;
  facts: readonly Fact[];
}
