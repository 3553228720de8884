import { describe, expect, it } from 'vitest';
import { readsOnSecondThread } from '../../../src/core/outputs/db-export';

describe('which exports read the answers on a second thread', () => {
  it('SQLite does, Parquet does not, as shipped', () => {
    expect(readsOnSecondThread('sqlite')).toBe(true);
    expect(readsOnSecondThread('parquet')).toBe(false);
  });

  it('PARALLAX_DB_EXPORT_THREADS=1 keeps both on one thread, 2 puts both on two', () => {
    expect(readsOnSecondThread('sqlite', '1')).toBe(false);
    expect(readsOnSecondThread('parquet', '1')).toBe(false);
    expect(readsOnSecondThread('sqlite', '2')).toBe(true);
    expect(readsOnSecondThread('parquet', '2')).toBe(true);
  });

  it('any other setting is the default', () => {
    expect(readsOnSecondThread('parquet', '')).toBe(false);
    expect(readsOnSecondThread('sqlite', '4')).toBe(true);
  });
});
