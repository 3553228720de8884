import { describe, expect, it } from 'vitest';
import { promptFileText } from '../../../src/shared/domain/prompt-text';

// One module serves every prompts file the app or a long-lived process reads: a refused file
// must not change how the next one reads (the CLI tests' in-process runs found it did).

describe('promptFileText', () => {
  it('reads a good file the same after refusing one that ends in a Latin-1 byte', () => {
    const good = Buffer.from('prompt\r\nbest shoes\r\n');
    const latin1 = Buffer.concat([Buffer.from('running shoes\nchaussures '), Buffer.from([0xe9, 0x0a])]);
    const before = promptFileText(good, 'good.csv');
    expect(before).toEqual({ ok: true, text: 'prompt\r\nbest shoes\r\n' });
    expect(promptFileText(latin1, 'latin1.txt')).toEqual({
      ok: false,
      message: 'latin1.txt line 2 is not UTF-8 text (byte 0xE9): save the file as UTF-8',
    });
    expect(promptFileText(good, 'good.csv')).toEqual(before);
  });

  it('names the byte that starts the broken sequence, after valid accented letters too', () => {
    const line = (...parts: Array<string | number[]>): Buffer =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    const message = (bytes: Buffer): string => {
      const read = promptFileText(bytes, 'p.txt');
      return read.ok ? 'read' : read.message;
    };
    // A Latin-1 é after a UTF-8 one, at the line's end and before a space.
    expect(message(line('café ', [0xe9], '\n'))).toBe(
      'p.txt line 1 is not UTF-8 text (byte 0xE9): save the file as UTF-8',
    );
    expect(message(line('abc ', [0xe9, 0x20, 0x41], '\n'))).toBe(
      'p.txt line 1 is not UTF-8 text (byte 0xE9): save the file as UTF-8',
    );
    // A lone continuation byte and a byte no sequence starts with.
    expect(message(line('ok\nnaïve ', [0x80], ' x'))).toBe(
      'p.txt line 2 is not UTF-8 text (byte 0x80): save the file as UTF-8',
    );
    expect(message(line('über ', [0xff]))).toBe(
      'p.txt line 1 is not UTF-8 text (byte 0xFF): save the file as UTF-8',
    );
  });
});
