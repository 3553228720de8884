// Public face of brand facts: a brand's fact sheet (parsed from YAML or CSV) and the built-in
// checker that tells, for every answer and every brand it names, whether each fact is
// supported, contradicted or not addressed. Pure TypeScript, no Node built-ins: it runs at
// ingest, in the CLI and in the renderer alike.
export * from './types';
export { parseFactSheet } from './sheet-parse';
export { checkFacts, readsLanguage, type FactCheckInput } from './check';
export {
  FACTS_BY,
  factsFigures,
  fewAnswers,
  judgedByText,
  notCheckedBeside,
  notCheckedNote,
  notCheckedSentence,
  type BrandFactsFigures,
  type DiscrepancyRate,
  type FactCheckRow,
  type FactCounts,
  type FactDomainRow,
  type FactsBy,
  type FactsFigures,
  type FactSourceFigures,
  type NotAddressedCount,
  type NotChecked,
  type NotCheckedCount,
} from './summary';
