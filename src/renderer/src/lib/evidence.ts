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

/**
 * Every brand's evidence as marks over `text`; a range whose text is not the stored evidence
 * (the answer was stored again since it was judged) is left out rather than marked wrong.
 */
export function evidenceMarks(positioning: ResultPositioning | undefined, text: string): EvidenceMark[] {
  if (!positioning) return [];
  const marks: EvidenceMark[] = [];
  positioning.brands.forEach((p, i) => {
    p.evidence.forEach((e, j) => {
      if (e.end <= e.start || e.end > text.length) return;
      if (e.text !== '' && text.slice(e.start, e.end) !== e.text) return;
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
