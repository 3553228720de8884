import { agreementSentence, judgeAgreementOf } from '../../../shared/positioning';
import type { ReportPositioning } from './types';

// How far the report's positioning can be trusted, in the report's own words: it never names a
// judge, and calls the "mentioned" status "named only" (the HTML section and the XLSX columns).

/** The report's word for the "mentioned" status. */
export const NAMED_ONLY = 'named only';

const REPORT_WORDS = { subject: 'The automatic reading of the answers', mentioned: `“${NAMED_ONLY}”` };

/** "The automatic reading of the answers reads whether … of them." for the built-in judge; null for a model judge (not measured). */
export function positioningReadingNote(p: ReportPositioning): string | null {
  const agreement = judgeAgreementOf(p.summary.judge.id);
  return agreement === null ? null : agreementSentence(agreement, REPORT_WORDS);
}
