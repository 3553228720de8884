import { describe, expect, it } from 'vitest';
import {
  cancelShare,
  feedFrom,
  received,
  shareChannel,
} from '../../../src/core/outputs/db-export/batch-share';
import type { RowBatch } from '../../../src/core/outputs/db-export/reader';
import { DbExportCanceledError } from '../../../src/core/outputs/db-export/types';

// The share between the Parquet export's reading thread and the main thread's DuckDB, both ends
// on one thread here (a MessagePort can be read with receiveMessageOnPort by any thread holding
// it): the batches come in order with their texts intact, then the end; a failure on the reading
// side and a cancel reach the blocked writer as errors, never as a wait without end.

const batch = (n: number): RowBatch => ({
  rows: [[`r${n}`, Buffer.from(`text ${n} é`), n, null]],
  keys: 1,
});

describe('batch share', () => {
  it('hands a batch over, texts as Buffers, then ends', async () => {
    const { feeder, writer } = shareChannel();
    // One batch: the feeder waits for a credit once two are in flight, and this writer takes
    // none before the feed ends (the order of many: tests/integration/db-export/parquet-shared).
    await feedFrom(feeder).feed([batch(2)][Symbol.iterator](), () => false);
    const got = [...received(writer)];
    expect(got.map((b) => b.rows[0]?.[0])).toEqual(['r2']);
    const text = got[0]?.rows[0]?.[1];
    expect(Buffer.isBuffer(text)).toBe(true);
    expect((text as Buffer).toString('utf8')).toBe('text 2 é');
    expect(got[0]?.rows[0]?.slice(2)).toEqual([2, null]);
  });

  it("a failure on the reading side is the writer's error", async () => {
    const { feeder, writer } = shareChannel();
    const failing: Iterator<RowBatch> = {
      next: () => {
        throw new Error('malformed JSON in a document');
      },
    };
    await expect(feedFrom(feeder).feed(failing, () => false)).rejects.toThrow(/malformed JSON/);
    expect(() => [...received(writer)]).toThrow(/malformed JSON/);
  });

  it('a cancel wakes a writer waiting for a batch', () => {
    const { writer } = shareChannel();
    cancelShare(writer);
    expect(() => [...received(writer)]).toThrow(DbExportCanceledError);
  });
});
