import { parseCircular, parseDependencyTree } from 'dpdm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No import cycle between source files: a cycle makes a module's load order depend on which file
// is imported first, so a value read at load time can be undefined. Type-only imports count too
// (no transform), since they tie the files' designs together the same way.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('import cycles', () => {
  it('finds none under src/', async () => {
    const tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], {
      cwd: ROOT,
      context: ROOT,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(0);
    const cycles = parseCircular(tree).map((cycle) => cycle.join(' -> '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  }, 120_000);
});
