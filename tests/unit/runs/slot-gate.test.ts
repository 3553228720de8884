import { describe, expect, it } from 'vitest';
import { createSlotGate } from '../../../src/core/runs/engine/slot-gate';

describe('slot gate', () => {
  it('never hands out more than limit − external slots, and follows corrections', async () => {
    const gate = createSlotGate(3);
    const r1 = await gate.acquire();
    const r2 = await gate.acquire();
    gate.setExternal(1);
    let third = false;
    const p = gate.acquire().then((r) => {
      third = true;
      return r;
    });
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    expect(gate.waiting).toBe(1);
    r1();
    r1(); // a second release is ignored
    const r3 = await p;
    expect(gate.inUse).toBe(2);
    gate.setLimit(1);
    gate.setExternal(0);
    const ac = new AbortController();
    const blocked = gate.acquire(ac.signal);
    ac.abort(new Error('paused'));
    await expect(blocked).rejects.toThrow('paused');
    r2();
    r3();
    expect(gate.inUse).toBe(0);
    expect(gate.waiting).toBe(0);
  });
});
