import { describe, expect, it } from 'vitest';
import { readDoc } from './markdown';

// The README is for users: at most 300 lines, and its very top is the two setup commands CI and
// every newcomer rely on (`npm install && npm start` for the app, `npm test` for every test).
// Depth belongs in docs/.

const MAX_LINES = 300;

/** The commands of a shell fence: lines without their comments, blank lines dropped. */
function commandsOf(fence: string): string[] {
  return fence
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('README.md', () => {
  const readme = readDoc('README.md');

  it(`stays within ${MAX_LINES} lines`, () => {
    const lines = readme.text.replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it('opens with its title, then exactly the two setup commands', () => {
    const [title, first] = readme.root.children;
    expect(title?.type).toBe('heading');
    expect(first?.type).toBe('code');
    const fence = readme.fences[0];
    expect(fence?.lang).toBe('sh');
    expect(commandsOf(fence?.value ?? '')).toEqual(['npm install && npm start', 'npm test']);
  });

  it('names no other setup command in a fence (one way to start, one way to test)', () => {
    const others = readme.fences
      .slice(1)
      .flatMap((f) => commandsOf(f.value))
      .filter((c) => /^npm (install|ci|start|test)\b/.test(c));
    expect(others).toEqual([]);
  });
});
