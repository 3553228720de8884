// An answer the built-in judge does not read (its language has no lists) is "not judged": no
// positioning for any brand it names, and a note on the answer saying why. Every positioning
// number counts only judged answers and says how many were not, in words.

/** How the note of an answer not judged starts (the store counts them by it). */
export const NOT_JUDGED_PREFIX = 'not judged: ';

// Made on first use, as ICU's display names cost a start that never names a language.
let names: Intl.DisplayNames | null = null;

/** "Dutch", "Korean"; the code itself when ICU has no name for it. */
export function languageNameOf(code: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The note stored on an answer the built-in judge does not read: "not judged: Dutch (nl)". */
export function notJudgedNote(language: string): string {
  return `${NOT_JUDGED_PREFIX}${languageNameOf(language)} (${language}), a language the built-in judge does not read`;
}

/** "412 answers in languages the built-in judge does not read: a model judge can score them" (null for none). */
export function notJudgedSentence(answers: number): string | null {
  if (answers <= 0) return null;
  const n = answers.toLocaleString('en');
  return `${n} ${answers === 1 ? 'answer' : 'answers'} in languages the built-in judge does not read: a model judge can score them`;
}
