/** Comma-separated text as a clean list: trimmed, no empty entries, no duplicates. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/** A long prompt cut down for a button's accessible name or a heading. */
export function shortText(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
