import type { Lang } from '../locales';
import { brandInPrompt, statedFacts, type StatedFact } from './claims';

// The sandbox's brand facts: each global brand's fact sheet (its truth) and what answers to a
// prompt about the brand claim, with the scripted errors. Kept in-process, never in the JSON
// the service returns. See docs/reference/sandbox-facts.md.

export {
  sandboxFactSheet,
  PRICE_CYCLE_DAYS,
  priceOn,
  type SandboxFact,
  type SandboxFactKind,
  type SandboxPrice,
} from './sheet';
export {
  brandInPrompt,
  wrongYearEngine,
  STALE_DAYS,
  WRONG_YEAR_BY,
  type FactError,
  type StatedFact,
} from './claims';

/** A stated fact with where its sentence sits in the answer's text and Markdown. */
export interface WrittenFact extends StatedFact {
  text: { start: number; end: number };
  markdown: { start: number; end: number };
}

/** The facts paragraph for an answer, or null when its prompt names no catalogue brand. */
export function factsParagraph(input: {
  prompt: string;
  engine: string;
  day: number;
  lang: Lang;
  key: number;
}): { paragraph: string; facts: Array<StatedFact & { offset: number }> } | null {
  const named = brandInPrompt(input.prompt);
  if (named === null) return null;
  const stated = statedFacts({ ...input, ...named });
  const joiner = input.lang === 'ja' ? '' : ' ';
  let paragraph = '';
  const facts: Array<StatedFact & { offset: number }> = [];
  for (const fact of stated) {
    if (paragraph !== '') paragraph += joiner;
    facts.push({ ...fact, offset: paragraph.length });
    paragraph += fact.sentence;
  }
  return { paragraph, facts };
}

/** Append the facts paragraph to an answer's text and Markdown, with each sentence's offsets. */
export function appendFacts(
  answer: { text: string; markdown: string },
  found: NonNullable<ReturnType<typeof factsParagraph>>,
): { text: string; markdown: string; facts: WrittenFact[] } {
  const textAt = answer.text.length + 2;
  const markdownAt = answer.markdown.length + 2;
  const facts = found.facts.map(({ offset, ...fact }) => ({
    ...fact,
    text: { start: textAt + offset, end: textAt + offset + fact.sentence.length },
    markdown: { start: markdownAt + offset, end: markdownAt + offset + fact.sentence.length },
  }));
  return {
    text: `${answer.text}\n\n${found.paragraph}`,
    markdown: `${answer.markdown}\n\n${found.paragraph}`,
    facts,
  };
}
