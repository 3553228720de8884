import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoNeedsOf, parseDemoNeed, queueForDemos, type DemoNeed } from '../../support/demo-needs';

// The test sequencer's reading of which demo templates a file opens (tests/support/demo-needs.ts):
// read from the real test files, so a change to how tests ask for a demo that this no longer
// sees (the templates then built by the workers, waiting on each other) fails here.

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the demo templates a test file opens', () => {
  it('reads the e2e harness demo and demoHistoryCopy calls of the real files', () => {
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/visibility.test.ts'))).toEqual([
      { days: 90, alerts: 'checked' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/accessibility.test.ts'))).toEqual([
      { days: 7, alerts: 'checked' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/integration/alerts/catch-up-first.test.ts'))).toEqual([
      { days: 6, alerts: 'unchecked' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/shell.test.ts'))).toEqual([]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/no-such-file.test.ts'))).toEqual([]);
  });

  it('parses the background build command line, refusing anything else', () => {
    expect(parseDemoNeed('90:checked')).toEqual({ days: 90, alerts: 'checked' });
    expect(parseDemoNeed('2:unchecked')).toEqual({ days: 2, alerts: 'unchecked' });
    for (const bad of ['90', '0:checked', '7:maybe', 'x:checked', '1.5:unchecked'])
      expect(() => parseDemoNeed(bad)).toThrow(/not a demo template/);
  });

  it('queues the files on a large template a third of the way down, the rest in their order', () => {
    const needs: Record<string, DemoNeed[]> = {
      big1: [{ days: 90, alerts: 'checked' }],
      big2: [{ days: 30, alerts: 'unchecked' }],
      small: [{ days: 7, alerts: 'checked' }],
    };
    const files = ['big1', 'a', 'small', 'big2', 'b', 'c', 'd', 'e', 'f'];
    expect(queueForDemos(files, (f) => needs[f] ?? [])).toEqual([
      'a',
      'small',
      'big1',
      'big2',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
    expect(queueForDemos(['x', 'y'], () => [])).toEqual(['x', 'y']);
  });
});
