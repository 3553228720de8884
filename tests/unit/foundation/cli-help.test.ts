import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npx parallax', () => {
  it('prints help from the bin entry without Electron', () => {
    const out = spawnSync(process.execPath, ['bin/parallax.mjs', '--help'], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('Usage: parallax');
  });

  it('exits 2 with the reason on an unknown command', () => {
    const out = spawnSync(process.execPath, ['bin/parallax.mjs', 'frobnicate'], { encoding: 'utf8' });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/unknown command|too many arguments/i);
  });
});
