import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { runCliAt } from '../../support/cli-in-process';

// "Track shopping and ads" on the command line: `run --commerce --expand-products` prices and
// sends it (against the sandbox), `monitors add --commerce` keeps it in the monitor, and
// `monitors options --commerce on|off` switches it on a saved monitor; bad values are usage errors.

describe('the shopping-and-ads option in the CLI', () => {
  let dir = '';
  let db = '';
  const parallax = (args: string[]) => runCliAt([...args, '--db', db], dir);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-commerce-cli-'));
    db = join(dir, 'history.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('run --commerce --expand-products: the estimate says what it sets and adds; the stored run carries the flags', async () => {
    const out = await parallax([
      'run',
      '--sandbox',
      '--commerce',
      '--expand-products',
      '--engine',
      'assistant-a',
      '--engine',
      'search-ai',
      '--prompt',
      'best running shoes',
      '--countries',
      'US',
      '--yes',
    ]);
    expect(out.stderr).toContain('Maximum cost: 17 credits');
    expect(out.stderr).toContain(
      'Shopping and ads: assistant-a include.shopping, include.ads; search-ai include.expandProducts, up to +8 credits of the maximum',
    );
    const store = openHistory({ path: db });
    try {
      const run = store.listRuns({ limit: 1 }).runs[0];
      const record = store.getRun(run?.id as string);
      expect(record?.engineOptions['assistant-a']?.include).toEqual({ shopping: true, ads: true });
      expect(record?.engineOptions['search-ai']?.include).toEqual({ expandProducts: true });
    } finally {
      store.close();
    }
  });

  it('--expand-products without an engine that takes it is a usage error naming the flag', async () => {
    const out = await parallax([
      'run',
      '--sandbox',
      '--expand-products',
      '--prompt',
      'x',
      '--countries',
      'US',
      '--yes',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--expand-products: none of the chosen engines \(assistant-a\)/);
  });

  it('monitors add --commerce keeps the option; monitors options switches it', async () => {
    const add = await parallax([
      'monitors',
      'add',
      '--name',
      'Shoes',
      '--cadence',
      'daily',
      '--prompt',
      'best running shoes',
      '--countries',
      'US',
      '--commerce',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const shown = await parallax(['monitors', 'options', 'Shoes']);
    expect(shown.stdout).toContain('shopping/ads   on: assistant-a include.shopping, include.ads');
    const off = await parallax(['monitors', 'options', 'Shoes', '--commerce', 'off', '--json']);
    expect(JSON.parse(off.stdout)).toMatchObject({ commerce: null, saved: true });
    const expand = await parallax(['monitors', 'options', 'Shoes', '--expand-products', 'on', '--json']);
    expect(JSON.parse(expand.stdout).commerce).toEqual({ shoppingAndAds: false, expandProducts: true });
    const bad = await parallax(['monitors', 'options', 'Shoes', '--commerce', 'yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--commerce must be on or off, got "yes"');
  });
});
