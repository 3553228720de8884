import type { PositioningStatus } from '../../../shared/positioning/types';
import type { WrittenAttribute } from './attributes';
import { ATTRIBUTE_TONE, round2, slotSpecs, type TemplateId } from './units';

// What the sandbox wrote about its brands, unit by unit, with offsets in the answer as the
// engine returns it (its Markdown and its plain text differ by the "**" and the citations, so
// each has its own offsets). Written by compose.ts, read back from text by recover.ts: the
// two must be equal, which the tests check over thousands of answers.

/** One brand as one unit presents it. */
export interface WrittenSlot {
  /** The brand as the unit writes it ("Veloxa Tempo Elite", "Veloxa", "LÄUFERWERK"). */
  label: string;
  /** The catalog or newcomer name the label starts with. */
  name: string;
  status: PositioningStatus;
  /** The unit's tone about the brand: its template's score plus its attributes', -1..1. */
  score: number;
  /** The qualities the unit attaches to the brand, in the order written. */
  attributes: readonly WrittenAttribute[];
}

/** One sentence, list item (without its marker and citation) or table row naming brands. */
export interface WrittenUnit {
  template: TemplateId;
  text: string;
  start: number;
  end: number;
  slots: readonly WrittenSlot[];
}

export function slotScore(base: number, attributes: readonly WrittenAttribute[]): number {
  const sum = attributes.reduce((s, a) => s + ATTRIBUTE_TONE[a.polarity], base);
  return round2(Math.max(-1, Math.min(1, sum)));
}

/** A slot of `template` (index `i`) with its status and score derived from the template. */
export function makeSlot(
  template: TemplateId,
  i: number,
  label: string,
  name: string,
  attributes: readonly WrittenAttribute[],
): WrittenSlot {
  const spec = slotSpecs(template)[i];
  if (!spec) throw new Error(`Template ${template} has no brand slot ${i}`);
  return { label, name, status: spec.status, score: slotScore(spec.score, attributes), attributes };
}

export function stripEmphasis(markdown: string): string {
  // Most of what an answer writes between its units ("\n", "2. ") has no emphasis to strip.
  return markdown.includes('**') ? markdown.replaceAll('**', '') : markdown;
}

/** Builds an answer's Markdown and plain text side by side, recording each unit in both. */
export class AnswerWriter {
  markdown = '';
  text = '';
  readonly markdownUnits: WrittenUnit[] = [];
  readonly textUnits: WrittenUnit[] = [];

  /** Text that names no brand; its plain form drops the emphasis unless given. */
  raw(markdown: string, text: string = stripEmphasis(markdown)): void {
    this.markdown += markdown;
    this.text += text;
  }

  /** Markdown only (a citation link after a list item). */
  markdownOnly(markdown: string): void {
    this.markdown += markdown;
  }

  /** A unit; its plain text, when not given, is its Markdown without emphasis. */
  unit(
    template: TemplateId,
    markdown: string,
    slots: readonly WrittenSlot[],
    text: string = stripEmphasis(markdown),
  ): void {
    this.markdownUnits.push({
      template,
      text: markdown,
      start: this.markdown.length,
      end: this.markdown.length + markdown.length,
      slots,
    });
    this.textUnits.push({
      template,
      text,
      start: this.text.length,
      end: this.text.length + text.length,
      slots,
    });
    this.markdown += markdown;
    this.text += text;
  }
}
