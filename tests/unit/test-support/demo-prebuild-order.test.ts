import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDemoNeed, prebuildOrder, suiteDemoNeeds } from '../../support/demo-needs';

// The background build's order (tests/support/demo-needs.ts, prebuildOrder), used by the test
// sequencer as a run starts and by `demo-prebuild.ts --all`, which .ci/run starts beside lint
// and typecheck: the large templates first, largest first, then the rest, each once.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const needs = (...keys: string[]) => keys.map(parseDemoNeed);

describe('the order the demo templates are built in the background', () => {
  it('builds the large ones first, largest first, then the rest in queue order, each once', () => {
    expect(
      prebuildOrder(needs('7:checked', '30:checked', '2:unchecked', '90:checked', '7:checked', '30:checked')),
    ).toEqual(['90:checked', '30:checked', '7:checked', '2:unchecked']);
    expect(prebuildOrder([])).toEqual([]);
  });

  it('finds every template the suite opens (what .ci/run builds beside lint and typecheck)', () => {
    const keys = prebuildOrder(suiteDemoNeeds(join(ROOT, 'tests')));
    // The one large template (the e2e files' and changes-demo-evidence's) first, then the small
    // ones the integration files open.
    expect(keys[0]).toBe('31:checked:preview');
    expect(keys.filter((key) => Number(key.split(':')[0]) > 7)).toEqual(['31:checked:preview']);
    expect(keys).toEqual(expect.arrayContaining(['7:checked:preview', '7:unchecked:preview', '2:unchecked']));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
