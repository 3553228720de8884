import type { ResultFacts } from '../../../shared/facts/types';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import type { ResultPositioning, StoredPositioning } from '../../../shared/positioning/view-types';
import { answerMarkdown } from './compare-columns';
import type { EvidenceMark } from './rehype-evidence-marks';
import { STATUS_LABEL } from './positioning-format';

/**
 * The text Compare renders for an answer: the one the judge read when it was judged (its
 * Markdown, or its plain text when the Markdown was empty), so the evidence offsets point into it.
 */
export function judgedText(result: ResultView, positioning: ResultPositioning | undefined): string {
  if (positioning?.format === 'text') return result.normalized.text;
  return answerMarkdown(result);
}

/** "Veloxa: top pick, positive tone". */
export function positioningLabel(p: StoredPositioning): string {
  return `${p.brand}: ${STATUS_LABEL[p.status]}, ${p.sentiment.label} tone`;
}

/** The id of a brand's first piece of evidence in an answer (see EvidenceMark.id). */
export function evidenceId(brandIndex: number, evidenceIndex: number): string {
  return `ev${brandIndex}-${evidenceIndex}`;
}

/** Whether a quote's range still holds its stored text (the answer was not stored again since). */
function holds(text: string, e: { start: number; end: number; text: string }): boolean {
  if (e.end <= e.start || e.end > text.length) return false;
  return e.text === '' || text.slice(e.start, e.end) === e.text;
}

/** "Veloxa, founded: contradicts the fact sheet". */
export function factLabel(check: ResultFacts['checks'][number]): string {
  return `${check.brand}, ${check.key}: ${check.verdict === 'contradicted' ? 'contradicts' : 'supports'} the fact sheet`;
}

/** The id of an answer's n-th checked fact's quote. */
export const factEvidenceId = (index: number): string => `fact${index}`;

/** Each checked fact's quote as a mark over `text` (contradicted and supported styled apart). */
export function factMarks(facts: ResultFacts | undefined, text: string): EvidenceMark[] {
  if (!facts) return [];
  return facts.checks.flatMap((c, i) =>
    c.evidence !== null && holds(text, c.evidence)
      ? [
          {
            start: c.evidence.start,
            end: c.evidence.end,
            id: factEvidenceId(i),
            label: factLabel(c),
            tone: `fact-${c.verdict}`,
          },
        ]
      : [],
  );
}

/**
 * Every brand's evidence as marks over `text`; a range whose text is not the stored evidence
 * (the answer was stored again since it was judged) is left out rather than marked wrong.
 */
export function evidenceMarks(positioning: ResultPositioning | undefined, text: string): EvidenceMark[] {
  if (!positioning) return [];
  const marks: EvidenceMark[] = [];
  positioning.brands.forEach((p, i) => {
    p.evidence.forEach((e, j) => {
      if (!holds(text, e)) return;
      marks.push({
        start: e.start,
        end: e.end,
        id: evidenceId(i, j),
        label: positioningLabel(p),
        tone: p.status,
      });
    });
  });
  return marks;
}
