import { stripEmphasis } from './written';

// Filling the templates of an answer's intro and units, in Markdown and in plain text at once.
// Every answer fills one template per brand (and its intro), so each template is split at its
// placeholders once and then filled by concatenation, rather than by a regular expression
// per unit and a second pass to remove the emphasis from the result.

/** A template split at its placeholders. */
export interface CompiledTemplate {
  /** The Markdown around the placeholders: one piece more than there are placeholders. */
  markdown: readonly string[];
  /** The same pieces as plain text (without "**"). */
  text: readonly string[];
  /** For each placeholder in order, the index of its value. */
  holes: readonly number[];
}

export interface FilledTemplate {
  markdown: string;
  text: string;
}

const PLACEHOLDER = /\{(\w+)\}/;

/**
 * Splits a template at the placeholders named in `names` ({b}, {cat}…); a placeholder by
 * another name stays in the text as it is (as `fill` of phrases.ts leaves it).
 */
export function compileTemplate(template: string, names: readonly string[]): CompiledTemplate {
  const markdown: string[] = [];
  const holes: number[] = [];
  let piece = '';
  // split() with a capture group alternates text and placeholder names: text, name, text…
  const parts = template.split(PLACEHOLDER);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const hole = i % 2 === 1 ? names.indexOf(part) : -1;
    if (i % 2 === 0) piece += part;
    else if (hole < 0) piece += `{${part}}`;
    else {
      markdown.push(piece);
      holes.push(hole);
      piece = '';
    }
  }
  markdown.push(piece);
  return { markdown, text: markdown.map(stripEmphasis), holes };
}

/** Whether the template has a placeholder for the value at `index`. */
export function hasHole(template: CompiledTemplate, index: number): boolean {
  return template.holes.includes(index);
}

/**
 * The template with each placeholder replaced by its value ('' when undefined), and the same
 * without emphasis. The plain text is the plain pieces around the values, which equals
 * stripping the whole Markdown unless a value could join a run of "*" across a piece's edge
 * (a value that is empty or has a "*"): then the whole Markdown is stripped.
 */
export function fillTemplate(
  template: CompiledTemplate,
  values: ReadonlyArray<string | undefined>,
): FilledTemplate {
  const { holes } = template;
  let markdown = template.markdown[0] as string;
  let text = template.text[0] as string;
  let piecewise = true;
  for (let i = 0; i < holes.length; i++) {
    const value = values[holes[i] as number] ?? '';
    if (value === '' || value.includes('*')) piecewise = false;
    markdown += value + (template.markdown[i + 1] as string);
    text += value + (template.text[i + 1] as string);
  }
  return { markdown, text: piecewise ? text : stripEmphasis(markdown) };
}

/** Compiled templates by their text, one cache per set of placeholder names. */
export class TemplateCache {
  private readonly compiled = new Map<string, CompiledTemplate>();

  constructor(private readonly names: readonly string[]) {}

  get(template: string): CompiledTemplate {
    let c = this.compiled.get(template);
    if (!c) {
      c = compileTemplate(template, this.names);
      this.compiled.set(template, c);
    }
    return c;
  }
}
