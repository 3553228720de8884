import { judgeAgreementLine } from '../shared/positioning/judge-agreement';
import { writeLine, type CliContext } from './context';

// Under the heading of every table of the built-in judge's numbers (positioning, the prompts
// tables' "Recommended"): how far its readings can be trusted, and where a model judge is set.

const MODEL_JUDGE_HINT =
  'A model judge can score answers in that style: parallax judge set (docs/guides/positioning-model-judge.md).';

/** Prints the built-in judge's agreement with careful readers; nothing for a model judge (not measured). */
export function printJudgeAgreement(ctx: CliContext, judgeId: string): void {
  const line = judgeAgreementLine(judgeId, MODEL_JUDGE_HINT);
  if (line !== null) writeLine(ctx.stdout, line);
}
