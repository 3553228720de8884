import { afterAll, describe, expect, it } from 'vitest';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { tempFolder } from '../store/helpers';

// `parallax search` says "1,000+ matches" when the count reached its cap: the
// store counts up to 1,000 and says when there were more. Before, it printed "1000 matches".

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

describe('the match count of a search', () => {
  it('says 1,000+ when more answers match than are counted', async () => {
    const db = tmp.file('demo.db');
    // The 7-day template the e2e alerts file opens and report-pdf's checked one is made from
    // (2,240 answers): no build of its own.
    await demoHistoryCopy({ days: 7, alerts: 'unchecked', variant: 'preview', to: db });
    const out = await runCli(
      ['search', 'the OR de OR la OR der OR el OR di', '--limit', '1', '--db', db],
      tmp.file('ud'),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim().split('\n').at(-1)).toBe('1,000+ matches');
    const json = await runCli(
      ['search', 'the OR de OR la OR der OR el OR di', '--limit', '1', '--db', db, '--json'],
      tmp.file('ud'),
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ total: 1000, totalCapped: true });
  }, 120_000);
});
