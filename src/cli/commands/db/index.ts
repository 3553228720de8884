import type { Command } from 'commander';
import type { StorageCompactProgress, StorageStats } from '../../../shared/domain/storage';
import { writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore } from '../../core';
import { registerDbExport } from './db-export';
import type { RegisterCommand } from '../register-command';

// `parallax db stats` and `parallax db compact`: what the history file is made of, and giving
// the space freed by deleted runs (or by the one-time compression of older answers) back to disk.
// `parallax db export` (db-export.ts): the history as plain tables for other tools.

const MB = 1024 * 1024;
const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function printStats(ctx: CliContext, stats: StorageStats): void {
  writeLine(ctx.stdout, `History file ${stats.path}`);
  const rows = stats.parts.map((p) => [
    p.part,
    mb(p.bytes),
    `${((p.bytes / Math.max(1, stats.totalBytes)) * 100).toFixed(1)} %`,
    stats.results > 0 ? kb(p.bytes / stats.results) : '-',
  ]);
  rows.push(['Free space (db compact gives it back)', mb(stats.freeBytes), '', '']);
  writeLine(ctx.stdout, formatTable(['Part', 'Size', 'Share', 'Per answer'], rows));
  writeLine(
    ctx.stdout,
    `Total ${mb(stats.totalBytes)} for ${stats.results.toLocaleString('en')} answers` +
      (stats.bytesPerResult === null ? '' : ` (${kb(stats.bytesPerResult)} per answer)`) +
      `; on disk with the WAL ${mb(stats.fileBytes)}`,
  );
}

function progressLine(ctx: CliContext, p: StorageCompactProgress): void {
  if (p.phase === 'rewrite')
    writeLine(ctx.stderr, `Rewriting the file once (${mb(p.totalBytes)} free) to allow compacting in steps…`);
  else if (p.phase === 'release' && p.totalBytes > 0)
    writeLine(ctx.stderr, `Released ${mb(p.freedBytes)} of ${mb(p.totalBytes)}`);
}

export const registerDbCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const db = program
    .command('db')
    .description('The history file: size by part, compaction, export for other tools (SQLite, Parquet)');
  db.command('stats')
    .description('Size of the history file by part (answers, raw JSON, sources, search index…)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const stats = core.store.storageStats();
        if (ctx.json) writeJson(ctx, stats);
        else printStats(ctx, stats);
      });
    });
  db.command('compact')
    .description(
      'Drop the source and product texts no answer uses any more, and give the free space back to the disk',
    )
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const result = core.store.compact((p) => progressLine(ctx, p));
        if (ctx.json) return writeJson(ctx, result);
        writeLine(
          ctx.stdout,
          `Compacted (${result.mode}): ${mb(result.beforeBytes)} → ${mb(result.afterBytes)}, ${mb(result.freedBytes)} freed`,
        );
      });
    });
  registerDbExport(db, ctx);
};
