import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { zipCaughtUp } from '../../../src/core/outputs/export/xlsx-pace';

// The XLSX writer's wait for the zip: a sheet whose rows the zip entry has not taken yet (its
// stream over its high-water mark) is waited for until the entry drains; a sheet not yet reached
// by the zip, while it holds more than its allowance; anything else goes on at once.

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
};

describe('waiting for the zip between pages of rows', () => {
  it('waits while the zip entry holds more than it takes, and goes on once it drains', async () => {
    const entry = new PassThrough({ highWaterMark: 1024 });
    entry.write(Buffer.alloc(64 * 1024));
    const wait = zipCaughtUp({ stream: { buffers: [], pipes: [entry] } });
    expect(await settled(wait)).toBe(false);
    entry.read();
    expect(await settled(wait)).toBe(true);
  });

  it('reads the drain state of an older stream library (the zip’s), kept in its writable state only', async () => {
    const entry = Object.assign(new EventEmitter(), { _writableState: { needDrain: true } });
    const wait = zipCaughtUp({ stream: { buffers: [], pipes: [entry] } });
    expect(await settled(wait)).toBe(false);
    entry._writableState.needDrain = false;
    entry.emit('drain');
    expect(await settled(wait)).toBe(true);
  });

  it('waits while a sheet the zip has not reached holds too much, until the zip takes it', async () => {
    const sheet = {
      stream: { buffers: Array.from({ length: 40 }, () => Buffer.alloc(8)), pipes: [] as PassThrough[] },
    };
    const wait = zipCaughtUp(sheet);
    expect(await settled(wait)).toBe(false);
    sheet.stream.pipes.push(new PassThrough());
    await wait;
  });

  it('goes on at once when the zip keeps up, and with a sheet of another shape', async () => {
    expect(
      await settled(zipCaughtUp({ stream: { buffers: [Buffer.alloc(8)], pipes: [new PassThrough()] } })),
    ).toBe(true);
    expect(await settled(zipCaughtUp({}))).toBe(true);
  });

  it('goes on when the entry is closed without draining (a failed zip)', async () => {
    const entry = new PassThrough({ highWaterMark: 1024 });
    entry.write(Buffer.alloc(64 * 1024));
    const wait = zipCaughtUp({ stream: { buffers: [], pipes: [entry] } });
    entry.destroy();
    await wait;
  });
});
