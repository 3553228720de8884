import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStateError, type HistoryStore } from '../../../src/core/history';
import { newRun, openTemp, spec, tempFolder } from './helpers';

const tmp = tempFolder();
afterAll(() => tmp.cleanup());
let store: HistoryStore;
let n = 0;
beforeEach(() => {
  store = openTemp(tmp.file(`library-${n++}.db`));
  return () => store.close();
});

describe('prompts, sets and tags', () => {
  it('saves, tags, lists by tag, updates and deletes prompts; unused tags disappear', () => {
    const a = store.savePrompt({ text: 'best shoes', tags: ['Shoes', 'shoes', 'q1'] });
    const b = store.savePrompt({ text: 'best socks', tags: ['q1'] });
    expect(a.tags).toEqual(['q1', 'Shoes']);
    expect(store.listPrompts({ tag: 'SHOES' }).map((p) => p.id)).toEqual([a.id]);
    expect(store.listPrompts({ tag: 'q1' }).map((p) => p.id)).toEqual([a.id, b.id]);
    const updated = store.savePrompt({ id: a.id, text: 'best running shoes', tags: ['q2'] });
    expect(updated).toMatchObject({
      id: a.id,
      text: 'best running shoes',
      tags: ['q2'],
      createdAt: a.createdAt,
    });
    expect(store.listTags()).toEqual(['q1', 'q2']);
    expect(store.deletePrompt(b.id)).toBe(true);
    expect(store.listTags()).toEqual(['q2']);
    expect(store.getPrompt(b.id)).toBeNull();
  });

  it('keeps prompt sets ordered, refuses unknown prompts, and drops deleted prompts from sets', () => {
    const a = store.savePrompt({ text: 'a' });
    const b = store.savePrompt({ text: 'b' });
    const set = store.savePromptSet({ name: 'Core', promptIds: [b.id, a.id], tags: ['core'] });
    expect(set).toMatchObject({ name: 'Core', promptIds: [b.id, a.id], tags: ['core'] });
    expect(() => store.savePromptSet({ name: 'Bad', promptIds: ['nope'] })).toThrow(HistoryStateError);
    store.deletePrompt(b.id);
    expect(store.listPromptSets()[0]!.promptIds).toEqual([a.id]);
    expect(store.deletePromptSet(set.id)).toBe(true);
    expect(store.listPromptSets()).toEqual([]);
  });

  it('keeps a run when its saved prompt is deleted (the run keeps the text)', () => {
    const p = store.savePrompt({ text: 'best running shoes' });
    const { run } = store.createRun({
      spec: spec(),
      promptIds: [p.id],
      keyLabel: null,
      baseUrl: 'x',
      sandbox: false,
      costEstimate: 1,
    });
    expect(store.getRun(run.id)?.promptIds).toEqual([p.id]);
    store.deletePrompt(p.id);
    expect(store.getRun(run.id)).toMatchObject({ prompts: ['best running shoes'], promptIds: [null] });
  });
});

describe('brands', () => {
  it('saves brands with variants, refuses a duplicate name, deletes', () => {
    const nike = store.saveBrand({
      name: 'Nike',
      kind: 'brand',
      aliases: ['Nike Inc'],
      domains: ['nike.com'],
    });
    expect(store.listBrands()).toEqual([
      { id: nike.id, name: 'Nike', kind: 'brand', aliases: ['Nike Inc'], domains: ['nike.com'] },
    ]);
    expect(() => store.saveBrand({ name: 'NIKE', kind: 'competitor' })).toThrow(/already exists/);
    expect(store.deleteBrand(nike.id)).toBe(true);
    expect(store.listBrands()).toEqual([]);
  });
});

describe('monitors and settings', () => {
  it('saves monitors, answers what is due, records runs, and respects the global pause', () => {
    const daily = store.saveMonitor({ name: 'Daily shoes', spec: spec(), cadence: 'daily', nextDueAt: 1000 });
    const weekly = store.saveMonitor({ name: 'Weekly', spec: spec(), cadence: '0 9 * * 1', nextDueAt: 5000 });
    store.saveMonitor({ name: 'Off', spec: spec(), cadence: 'daily', enabled: false, nextDueAt: 1 });
    expect(store.dueMonitors(2000).map((m) => m.id)).toEqual([daily.id]);
    expect(store.dueMonitors(9000).map((m) => m.id)).toEqual([daily.id, weekly.id]);

    const { run } = newRun(store);
    const after = store.recordMonitorRun(daily.id, run.id, 90_000)!;
    expect(after).toMatchObject({
      lastRunId: run.id,
      lastRunAt: run.createdAt,
      nextDueAt: 90_000,
      spec: spec(),
    });
    // Saving without nextDueAt keeps the schedule.
    expect(
      store.saveMonitor({ id: daily.id, name: 'Daily shoes 2', spec: spec(), cadence: 'daily' }).nextDueAt,
    ).toBe(90_000);

    store.setMonitorsPaused(true);
    expect(store.monitorsPaused()).toBe(true);
    expect(store.dueMonitors(1e12)).toEqual([]);
    store.setMonitorsPaused(false);
    expect(store.dueMonitors(1e12)).toHaveLength(2);

    store.deleteRun(run.id);
    expect(store.getMonitor(daily.id)?.lastRunId).toBeNull();
    expect(store.deleteMonitor(daily.id)).toBe(true);
  });

  it('stores settings as JSON and meta as text', () => {
    expect(store.getSetting('x')).toBeUndefined();
    store.setSetting('x', { a: [1, 2] });
    expect(store.getSetting('x')).toEqual({ a: [1, 2] });
    expect(store.getMeta('format')).toBe('parallax-history');
    store.setMeta('note', 'hi');
    expect(store.getMeta('note')).toBe('hi');
  });
});
