import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';

// A prompts file that is not text is refused before a credit is spent, naming the
// line: a binary file (NUL bytes), bytes that are not UTF-8, control characters. Before, the
// file was read as UTF-8 whatever it held: replacement characters and control codes became
// prompts, each of them sent and paid for.

let sandbox: RunningSandbox;
let dir = '';
let monitorCalls = 0;

beforeAll(async () => {
  sandbox = await startSandbox({
    plan: 'Lite',
    latencyMs: 5,
    onRequest: (e) => {
      if (e.template.startsWith('/v1/monitor/')) monitorCalls++;
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-prompt-files-'));
});
afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FILES: Array<{ name: string; bytes: Buffer; says: RegExp }> = [
  {
    name: 'binary.txt',
    bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0x00, 0x01, 0x02, 0x9c, 0x0a])]),
    says: /binary\.txt line 2 holds a NUL byte: it is a binary file, not text/,
  },
  {
    name: 'latin1.txt',
    bytes: Buffer.concat([Buffer.from('running shoes\nchaussures '), Buffer.from([0xe9, 0x0a])]),
    says: /latin1\.txt line 2 is not UTF-8 text \(byte 0xE9\): save the file as UTF-8/,
  },
  {
    name: 'controls.csv',
    bytes: Buffer.from('prompt\r\nbest shoes\r\nbell \u0007 here\r\n'),
    says: /controls\.csv line 3 holds a control character \(U\+0007\)/,
  },
];

/** `parallax run` of the prompts in the file at `path`, one country, against the sandbox. */
const runWithPrompts = (path: string): ReturnType<typeof runCliToEnd> =>
  runCliToEnd(
    [
      'run',
      '--base-url',
      sandbox.baseUrl,
      '--db',
      join(dir, 'h.db'),
      '--prompts',
      path,
      '--countries',
      'US',
      '--yes',
    ],
    { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
  );

describe('prompts files', () => {
  for (const f of FILES) {
    it(`refuses ${f.name} with the line, sending nothing`, async () => {
      const path = join(dir, f.name);
      writeFileSync(path, f.bytes);
      const out = await runWithPrompts(path);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(f.says);
      expect(monitorCalls).toBe(0);
    });
  }

  it('refuses a file of 200,000 prompts with the run limit, sending nothing', async () => {
    const path = join(dir, 'huge.txt');
    writeFileSync(path, Array.from({ length: 200_000 }, (_, i) => `best running shoes ${i}`).join('\n'));
    const out = await runWithPrompts(path);
    expect(out.code, out.stderr).toBe(2);
    expect(out.stderr).toMatch(/5,?000/);
    expect(monitorCalls).toBe(0);
  });

  it('takes a UTF-8 file with a BOM and CRLF line ends', async () => {
    const path = join(dir, 'ok.txt');
    writeFileSync(path, Buffer.from('\uFEFFbest trail shoes\r\nchaussures de trail légères\r\n'));
    const out = await runWithPrompts(path);
    expect(out.code, out.stderr).toBe(0);
    expect(monitorCalls).toBe(2);
  });
});
