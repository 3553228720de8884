// Public face of positioning: the contract every judge speaks and the built-in
// judge. Pure TypeScript, no Node built-ins and no store: it runs in main at ingest, in a
// worker for re-scoring and in the renderer alike.
export * from './types';
export {
  BUILTIN_JUDGE_REF,
  builtinVerdict,
  createBuiltinJudge,
  judgePositioning,
  judgeWithMatcher,
  matcherFor,
  verdictWithMatcher,
} from './builtin-judge';
export {
  agreementSentence,
  BUILTIN_JUDGE_AGREEMENT,
  judgeAgreementLine,
  judgeAgreementOf,
  type JudgeAgreementView,
} from './judge-agreement';
export { guessLanguage, judgeLanguage, type JudgeLanguage } from './language-guess';
export { languageNameOf, NOT_JUDGED_PREFIX, notJudgedNote, notJudgedSentence } from './not-judged';
export { langOf, LANGS, type Lang } from './lexicon/lang';
