import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';

// .ci/run lints (eslint, then prettier --check) while electron-vite builds the app beside it.
// electron-vite bundles its TypeScript config into a temporary .mjs next to it and deletes it
// when done: a lint that listed the file before it was deleted failed on ENOENT. Both linters
// must leave such files alone, whatever their timestamp.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TEMPORARY = [
  'electron.vite.config.ts.1795762927198-87543094e9864.mjs',
  'vite.config.ts.timestamp-1795762927198-abc.mjs',
];

describe('the build’s temporary config bundles', () => {
  it('are ignored by ESLint', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const name of TEMPORARY) expect(await eslint.isPathIgnored(join(ROOT, name))).toBe(true);
    expect(await eslint.isPathIgnored(join(ROOT, 'electron.vite.config.ts'))).toBe(false);
  });

  it('are ignored by prettier', async () => {
    const ignorePath = join(ROOT, '.prettierignore');
    for (const name of TEMPORARY)
      expect((await getFileInfo(join(ROOT, name), { ignorePath })).ignored).toBe(true);
    expect((await getFileInfo(join(ROOT, 'electron.vite.config.ts'), { ignorePath })).ignored).toBe(false);
  });
});
