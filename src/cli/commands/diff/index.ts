import type { Command } from 'commander';
import { compileBrandMatcher } from '../../../shared/analytics';
import {
  chooseCompareMode,
  compareStructure,
  type StructureComparison,
} from '../../../shared/analytics/compare-mode';
import type { TextDiff } from '../../../shared/analytics/diff-types';
import { diffText } from '../../../shared/analytics/text-diff';
import { compareSources } from '../../../shared/analytics/source-compare';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax diff RUN --a US --b DE`: two locations' answers to the same prompt and engine, as
// the app's diff mode compares them (shared/analytics/compare-mode.ts): a word diff when both are
// in one language; otherwise the brands each names with their ranks, since a word diff between a
// German and a Japanese answer strikes everything out. Then the source domains added and removed.

function parseLocation(value: string): { country: string; state: string | null } {
  const v = value.trim().toUpperCase();
  const m = /^US-([A-Z]{2})$/.exec(v);
  if (m) return { country: 'US', state: m[1] as string };
  if (!/^[A-Z]{2}$/.test(v))
    throw new CliUsageError(`"${value}" is not a country code (US) or a US state (US-CA)`);
  return { country: v, state: null };
}

function printWordDiff(ctx: CliContext, text: TextDiff): void {
  writeLine(
    ctx.stdout,
    `Similarity ${(text.similarity * 100).toFixed(0)}% (+${text.stats.addedTokens} / -${text.stats.removedTokens} words)`,
  );
  for (const hunk of text.hunks) {
    if (hunk.skippedBefore > 0) writeLine(ctx.stdout, `  … ${hunk.skippedBefore} unchanged words …`);
    const marked = hunk.segments.map((s) =>
      s.op === 'equal' ? s.text : s.op === 'insert' ? `{+${s.text}+}` : `[-${s.text}-]`,
    );
    writeLine(ctx.stdout, '  ' + marked.join(''));
  }
}

/** "Veloxa: #1 → #2 (down)", one line per tracked brand either answer names. */
function printBrandRanks(
  ctx: CliContext,
  structure: StructureComparison,
  labels: { a: string; b: string },
  hasBrands: boolean,
): void {
  if (!hasBrands) return writeLine(ctx.stdout, 'Brands: none defined (parallax brands add).');
  if (structure.brands.length === 0)
    return writeLine(ctx.stdout, 'Brands: neither answer names a tracked brand.');
  const rank = (r: number | null): string => (r === null ? 'not named' : `#${r}`);
  const change: Record<StructureComparison['brands'][number]['change'], string> = {
    same: 'same rank',
    up: 'up',
    down: 'down',
    'only-a': `only in ${labels.a}`,
    'only-b': `only in ${labels.b}`,
  };
  writeLine(
    ctx.stdout,
    `Brands (rank among the tracked brands named; on a results page, the first result naming it; ${labels.a} → ${labels.b}):`,
  );
  for (const b of structure.brands)
    writeLine(ctx.stdout, `  ${b.name}: ${rank(b.rankA)} → ${rank(b.rankB)} (${change[b.change]})`);
}

export const registerDiffCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('diff')
    .description(
      'Two locations\u2019 answers in a run: a word diff in one language, brands and ranks across languages; and the source domains added and removed',
    )
    .argument('<run>', 'run id')
    .requiredOption('--a <location>', 'first location: a country (US) or US state (US-CA)')
    .requiredOption('--b <location>', 'second location')
    .option('--prompt <n>', 'which prompt (1-based)', '1')
    .option('--engine <name>', 'which engine (default: the run\u2019s first)')
    .option('--repeat <n>', 'which repeat', '1')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(
      async (
        runId: string,
        flags: { a: string; b: string; prompt: string; engine?: string; repeat: string; db?: string },
      ) => {
        const a = parseLocation(flags.a);
        const b = parseLocation(flags.b);
        const promptIndex = Number(flags.prompt) - 1;
        const repeat = Number(flags.repeat);
        await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
          const run = core.store.getRun(runId);
          if (!run) throw new CliUsageError(`No run with id ${runId}`);
          if (!Number.isInteger(promptIndex) || promptIndex < 0 || promptIndex >= run.prompts.length) {
            throw new CliUsageError(`--prompt must be 1 to ${run.prompts.length}`);
          }
          const engine = flags.engine ?? run.engines[0];
          const engineLabel = core.labelOf(engine ?? '');
          const cells = core.store.getRunMatrix(runId);
          const pick = (loc: { country: string; state: string | null }, label: string) => {
            const cell = cells.find(
              (c) =>
                c.promptIndex === promptIndex &&
                c.engine === engine &&
                c.repeat === repeat &&
                c.country === loc.country &&
                c.state === loc.state,
            );
            if (!cell)
              throw new CliUsageError(
                `The run has no ${engineLabel} job for ${label} (prompt ${promptIndex + 1}, repeat ${repeat})`,
              );
            if (!cell.resultId) throw new CliUsageError(`The ${label} job has no answer (${cell.jobState})`);
            return core.store.getResult(cell.resultId);
          };
          const ra = pick(a, flags.a);
          const rb = pick(b, flags.b);
          if (!ra || !rb) throw new CliUsageError('A result is missing from the history');
          const text = diffText(ra.normalized.text, rb.normalized.text);
          const sources = compareSources(ra.normalized.sources, rb.normalized.sources);
          const mode = chooseCompareMode(ra.normalized.text, rb.normalized.text);
          const brands = core.store.listBrands();
          const structure = compareStructure(
            ra.normalized,
            rb.normalized,
            brands.length > 0 ? compileBrandMatcher(brands) : null,
          );
          const labels = { a: flags.a.toUpperCase(), b: flags.b.toUpperCase() };
          if (ctx.json) {
            return writeJson(ctx, {
              runId,
              ...labels,
              engine,
              engineLabel,
              prompt: run.prompts[promptIndex],
              mode,
              similarity: text.similarity,
              stats: text.stats,
              hunks: text.hunks,
              brands: structure.brands,
              domains: {
                added: sources.domains.added,
                removed: sources.domains.removed,
                shared: sources.domains.shared,
                jaccard: sources.domains.jaccard,
              },
            });
          }
          writeLine(ctx.stdout, `${engineLabel} · "${run.prompts[promptIndex]}" · ${labels.a} → ${labels.b}`);
          if (mode.kind === 'words') printWordDiff(ctx, text);
          else {
            writeLine(ctx.stdout, mode.reason);
            printBrandRanks(ctx, structure, labels, brands.length > 0);
          }
          writeLine(ctx.stdout, `Domains only in ${labels.b}: ${sources.domains.added.join(', ') || '-'}`);
          writeLine(ctx.stdout, `Domains only in ${labels.a}: ${sources.domains.removed.join(', ') || '-'}`);
        });
      },
    );
};
