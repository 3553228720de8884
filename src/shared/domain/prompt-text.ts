// A prompts file is text or it is refused before anything is sent: a file that is
// binary, is not UTF-8, or holds control characters would otherwise become prompts of garbage,
// each one paid for. The first offending line is named, so the user can fix the file.

export type PromptText = { ok: true; text: string } | { ok: false; message: string };

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. Finding control
// characters is this pattern's purpose:
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const NEWLINE = 0x0a;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const hex = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The first byte of `line` that does not start a valid UTF-8 sequence (for the message): the
 * bytes are fed one at a time to a decoder of their own (a refused file leaves nothing behind
 * for the next), and a byte that breaks the sequence in progress names the byte that began it.
 */
function firstBadByte(line: Uint8Array): number {
  const probe = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let sequenceStart = -1;
  for (let at = 0; at < line.length; at++) {
    try {
      const done = probe.decode(line.subarray(at, at + 1), { stream: true }) !== '';
      if (done) sequenceStart = -1;
      else if (sequenceStart < 0) sequenceStart = at;
    } catch {
      return line[sequenceStart >= 0 ? sequenceStart : at] ?? 0;
    }
  }
  // The line ends inside a sequence.
  return line[sequenceStart >= 0 ? sequenceStart : line.length - 1] ?? 0;
}

/** The file's bytes as text, or why they are not a prompts file (with the line number). */
export function promptFileText(bytes: Uint8Array, fileName: string): PromptText {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const lines: string[] = [];
  for (let lineNo = 1; start <= bytes.length; lineNo++) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    const raw = bytes.subarray(start, end);
    if (raw.includes(0))
      return {
        ok: false,
        message: `${fileName} line ${lineNo} holds a NUL byte: it is a binary file, not text`,
      };
    let line: string;
    try {
      line = utf8.decode(raw);
    } catch {
      const byte = firstBadByte(raw).toString(16).toUpperCase().padStart(2, '0');
      return {
        ok: false,
        message: `${fileName} line ${lineNo} is not UTF-8 text (byte 0x${byte}): save the file as UTF-8`,
      };
    }
    const control = CONTROL.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (control)
      return {
        ok: false,
        message: `${fileName} line ${lineNo} holds a control character (${hex(control[0].codePointAt(0) ?? 0)}): prompts are plain text`,
      };
    lines.push(line);
    start = end + 1;
  }
  return { ok: true, text: lines.join('\n') };
}
