import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `parallax sandbox --port 0 --json` prints a working base URL and key, then serves.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('parallax sandbox', () => {
  it('prints a base URL and key that work, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['bin/parallax.mjs', 'sandbox', '--port', '0', '--json', '--plan', 'Lite', '--credits', '1234'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const { baseUrl, apiKey, engineNames } = JSON.parse(first) as {
        baseUrl: string;
        apiKey: string;
        engineNames: Record<string, string>;
      };
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // It says which names it serves the engines under (the spec's, unless a profile is given).
      expect(engineNames).toMatchObject({ 'assistant-a': 'Assistant A', 'search-ai': 'Search AI mode' });
      const res = await fetch(`${baseUrl}/v1/credits`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { remaining: number }).remaining).toBe(1234);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('rejects bad flags with exit code 2', async () => {
    const child = spawn(process.execPath, ['bin/parallax.mjs', 'sandbox', '--plan', 'Platinum'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--plan');
  });
});
