import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  migrateStepByStep,
  pendingMigrations,
  splashHtml,
  splashModel,
  type MigrationProgress,
} from '../../../src/main/startup';
import { HistoryOpenError, MIGRATIONS, openHistory } from '../../../src/core/history';
import { applyMigrations } from '../../../src/core/history/schema';

// The schema upgrade at start-up, one step at a time with progress for the splash: a history made
// by the first release is brought to the current schema with its data intact, a step that fails
// leaves the file at the last finished step (the next start goes on from there), and a refused
// file is refused before anything is written.

describe('start-up schema upgrade with progress', () => {
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-upgrade-'));
    db = join(dir, 'parallax.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A history as the first release left it: migration 001 only, with one saved prompt. */
  const firstRelease = (): void => {
    const raw = new Database(db);
    try {
      applyMigrations(raw, MIGRATIONS.slice(0, 1));
      raw
        .prepare('INSERT INTO prompts (id, text, created_at, updated_at) VALUES (?, ?, ?, ?)')
        .run('p1', 'kept across the upgrade', 1, 1);
    } finally {
      raw.close();
    }
  };

  const version = (): number => {
    const raw = new Database(db, { readonly: true });
    try {
      return raw.pragma('user_version', { simple: true }) as number;
    } finally {
      raw.close();
    }
  };

  it('upgrades a first-release history step by step, reporting each step, with its data intact', () => {
    firstRelease();

    const plan = pendingMigrations(db);
    expect(plan).toEqual({
      from: 1,
      to: MIGRATIONS.length,
      steps: MIGRATIONS.slice(1).map(({ version: v, name }) => ({ version: v, name })),
    });
    const seen: MigrationProgress[] = [];
    migrateStepByStep(db, { onProgress: (p) => seen.push(p) });

    expect(seen.map((p) => `${p.phase}:${p.step.version}`)).toEqual(
      MIGRATIONS.slice(1).flatMap((m) => [`step-started:${m.version}`, `step-done:${m.version}`]),
    );
    expect(version()).toBe(MIGRATIONS.length);
    expect(pendingMigrations(db)).toBeNull();
    const store = openHistory({ path: db });
    try {
      expect(store.listPrompts().map((p) => p.text)).toEqual(['kept across the upgrade']);
    } finally {
      store.close();
    }

    // The splash follows the steps: the first running, then done and the next running.
    const first = splashModel(plan!, seen[0] ?? null);
    expect(first.message).toBe(`Upgrading your history (step 1 of ${MIGRATIONS.length - 1})…`);
    expect(first.steps.map((s) => s.state)).toEqual([
      'running',
      ...Array(MIGRATIONS.length - 2).fill('waiting'),
    ]);
    const second = splashModel(plan!, seen[2] ?? null);
    expect(second.steps.slice(0, 2).map((s) => s.state)).toEqual(['done', 'running']);
    const html = splashHtml(second);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('brand visibility index');
  });

  it('a step that fails leaves the file at the last finished step, and the next start continues from there', () => {
    firstRelease();
    const failing = [
      ...MIGRATIONS.slice(0, 2),
      { version: 3, name: 'broken', sql: 'CREATE TABLE t (x); INSERT INTO no_such_table VALUES (1);' },
    ];
    expect(() => migrateStepByStep(db, { migrations: failing })).toThrow(/no_such_table/);
    expect(version()).toBe(2);
    migrateStepByStep(db);
    expect(version()).toBe(MIGRATIONS.length);
  });

  it('a new file needs no upgrade screen; a damaged one is refused before anything is written', () => {
    expect(pendingMigrations(join(dir, 'none.db'))).toBeNull();
    const bad = join(dir, 'bad.db');
    writeFileSync(bad, Buffer.alloc(4096, 'x'));
    expect(() => migrateStepByStep(bad)).toThrow(HistoryOpenError);
  });
});
