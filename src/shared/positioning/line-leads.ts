import type { MentionRef } from './context';
import { NEWLINE, SPACE, STAR, COLON } from './char-codes';

// A terse comparison: lines that each open with a brand and a colon ("Glanzbot: fällt …",
// "Scheibenheld: sauber, leise …", "Ruchepro : calme, bien situé"). Setting brands side by side
// line by line is weighing them for the reader: such an answer gives advice (signals.ts rule 5),
// as a list of brand-led items already does, whatever words each line is told in.

/** Lines of this many different brands make a comparison. */
const MIN_BRANDS = 2;

/** Whether the mention opens its line ("Brand:", "**Brand**:", "**Brand:**") and a colon follows it. */
function leadsLine(text: string, m: MentionRef): boolean {
  let i = m.start - 1;
  while (i >= 0 && text.charCodeAt(i) === STAR) i--;
  if (i >= 0 && text.charCodeAt(i) !== NEWLINE) return false;
  let j = m.end;
  while (j < text.length && (text.charCodeAt(j) === STAR || text.charCodeAt(j) === SPACE)) j++;
  return text.charCodeAt(j) === COLON;
}

/** Whether MIN_BRANDS or more brands each open a line with a colon after their name. */
export function comparesLineByLine(text: string, mentions: readonly MentionRef[]): boolean {
  const leading: number[] = [];
  for (const m of mentions) {
    if (leading.includes(m.brand) || !leadsLine(text, m)) continue;
    leading.push(m.brand);
    if (leading.length >= MIN_BRANDS) return true;
  }
  return false;
}
