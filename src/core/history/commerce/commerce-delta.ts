import type { CommerceRollups, RollupCell, RollupTable } from './commerce-rollups';

// What re-attributing one answer changes in the roll-ups: its old share taken out and its new one
// added, summed per row of its own cell before anything is spread over the every-run levels.
// Most of an answer's share does not depend on the brands (its cell's counts, the products and
// merchants of a brand that stays) and cancels here, so only the rows that really move are
// written.

type KeyValue = string | number;

/** Where contribute() adds an answer's share: the roll-ups, or a delta of one answer. */
export type RollupSink = Pick<CommerceRollups, 'add' | 'addPrice'>;

/** Where a delta is applied: values may be of either sign. */
export type DeltaTarget = Pick<CommerceRollups, 'addDelta' | 'addPrice'>;

/** Below this a summed price is a rounding residue of amounts taken out and added back. */
const RESIDUE = 1e-9;

interface Row {
  table: RollupTable;
  keys: readonly KeyValue[];
  values: number[];
}

interface PriceRow {
  brand: number;
  currency: string;
  own: number;
  bucket: number;
  n: number;
}

export class AnswerDelta implements RollupSink {
  private readonly rows = new Map<string, Row>();
  private readonly prices = new Map<string, PriceRow>();

  add(
    table: RollupTable,
    _cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    const text = `${table}\u0001${keys.join('\u0001')}`;
    const row = this.rows.get(text);
    if (row)
      for (let i = 0; i < values.length; i++)
        row.values[i] = (row.values[i] as number) + sign * (values[i] as number);
    else this.rows.set(text, { table, keys, values: values.map((v) => sign * v) });
  }

  addPrice(_cell: RollupCell, brand: number, currency: string, own: number, bucket: number, n: number): void {
    const text = `${brand}\u0001${currency}\u0001${own}\u0001${bucket}`;
    const row = this.prices.get(text);
    if (row) row.n += n;
    else this.prices.set(text, { brand, currency, own, bucket, n });
  }

  /** Adds what did not cancel to `target`, at `cell` (the answer's, with its monitor). */
  applyTo(target: DeltaTarget, cell: RollupCell): void {
    for (const { table, keys, values } of this.rows.values())
      if (values.some((v) => Math.abs(v) > RESIDUE)) target.addDelta(table, cell, keys, values);
    for (const p of this.prices.values())
      if (p.n !== 0) target.addPrice(cell, p.brand, p.currency, p.own, p.bucket, p.n);
  }
}
