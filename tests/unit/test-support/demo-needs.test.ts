import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoNeedsOf, needKey, parseDemoNeed, queueForRun, type DemoNeed } from '../../support/demo-needs';

// The test sequencer's reading of which demo templates a file opens (tests/support/demo-needs.ts):
// read from the real test files, so a change to how tests ask for a demo that this no longer
// sees (the templates then built by the workers, waiting on each other) fails here.

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the demo templates a test file opens', () => {
  it('reads the e2e harness demo and demoHistoryCopy calls of the real files', () => {
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/visibility.test.ts'))).toEqual([
      { days: 31, alerts: 'checked', variant: 'preview' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/accessibility.test.ts'))).toEqual([
      { days: 7, alerts: 'checked', variant: 'preview' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/integration/reports/report-pdf.test.ts'))).toEqual([
      { days: 7, alerts: 'checked', variant: 'preview' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/integration/alerts/catch-up-first.test.ts'))).toEqual([
      { days: 7, alerts: 'unchecked', variant: 'preview' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/integration/cli/discovery-cli.test.ts'))).toEqual([
      { days: 2, alerts: 'unchecked', variant: 'spec' },
    ]);
    expect(demoNeedsOf(join(ROOT, 'tests/integration/reports/report-catch-up.test.ts'))).toEqual([
      { days: 3, alerts: 'unchecked', variant: 'spec' },
    ]);
    // A demo at a fixed moment is built by the files that open it, not in the background.
    expect(demoNeedsOf(join(ROOT, 'tests/integration/reports/report.test.ts'))).toEqual([]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/shell.test.ts'))).toEqual([]);
    expect(demoNeedsOf(join(ROOT, 'tests/e2e/no-such-file.test.ts'))).toEqual([]);
  });

  it('reads the options in any order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-demo-needs-'));
    try {
      const file = join(dir, 'x.test.ts');
      // Spelled so this file's own text holds no such call: the sequencer reads it too, and
      // would build these templates whenever this file runs.
      const [copy, demo] = ['demoHistoryCopy(', 'demo:'];
      writeFileSync(
        file,
        [
          `await ${copy}{ to: db, variant: 'preview', alerts: 'unchecked', days: 30 });`,
          `startHarness({}, { ${demo} { variant: 'preview', days: 90 } });`,
          `startHarness({}, { ${demo} { days: 3 } });`,
          `const other = { ${demo} { present: true } };`,
        ].join('\n'),
      );
      expect(demoNeedsOf(file)).toEqual([
        { days: 30, alerts: 'unchecked', variant: 'preview' },
        { days: 90, alerts: 'checked', variant: 'preview' },
        { days: 3, alerts: 'checked', variant: 'spec' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses the background build command line, refusing anything else', () => {
    expect(parseDemoNeed('90:checked')).toEqual({ days: 90, alerts: 'checked', variant: 'spec' });
    expect(parseDemoNeed('2:unchecked')).toEqual({ days: 2, alerts: 'unchecked', variant: 'spec' });
    expect(parseDemoNeed('90:checked:preview')).toEqual({ days: 90, alerts: 'checked', variant: 'preview' });
    for (const need of [parseDemoNeed('90:checked:preview'), parseDemoNeed('7:unchecked')])
      expect(parseDemoNeed(needKey(need))).toEqual(need);
    for (const bad of [
      '90',
      '0:checked',
      '7:maybe',
      'x:checked',
      '1.5:unchecked',
      '7:checked:beta',
      '7:checked:spec:x',
    ])
      expect(() => parseDemoNeed(bad)).toThrow(/not a demo template/);
  });

  it('queues project by project, the e2e files after the shared integration ones, large templates last in their project', () => {
    const needs: Record<string, DemoNeed[]> = {
      'e2e/big': [{ days: 31, alerts: 'checked', variant: 'preview' }],
      'shared/big': [{ days: 30, alerts: 'unchecked', variant: 'spec' }],
      'shared/small': [{ days: 7, alerts: 'checked', variant: 'spec' }],
    };
    // vitest's order: projects by name, then slowest first.
    const files = [
      'e2e/big',
      'e2e/a',
      'integration/a',
      'shared/big',
      'shared/small',
      'shared/a',
      'renderer/a',
      'other/a',
      'unit/a',
      'zother/a',
    ];
    const project: Record<string, string> = { shared: 'integration-shared' };
    const projectOf = (f: string): string => {
      const folder = f.split('/')[0] as string;
      return project[folder] ?? folder;
    };
    expect(queueForRun(files, projectOf, (f) => needs[f] ?? [])).toEqual([
      'integration/a',
      'shared/small',
      'shared/a',
      'shared/big',
      'e2e/a',
      'e2e/big',
      'renderer/a',
      'unit/a',
      'other/a',
      'zother/a',
    ]);
    expect(
      queueForRun(
        ['x', 'y'],
        () => 'unit',
        () => [],
      ),
    ).toEqual(['x', 'y']);
  });
});
