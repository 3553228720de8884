import type { Command } from 'commander';
import { topDomains } from '../../../core/outputs';
import { compileBrandMatcher, type BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { resultBrandVisibility } from '../../../shared/analytics/search-visibility';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import { ordinal } from '../../../shared/narrative/numbers';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax compare RUN`: per prompt and engine, each country side by side: an answer
// excerpt, the top source domains, the tracked brands the answer names (in the order it names
// them, as Visibility counts them) and the names the engine itself marked as entities.

interface TrackedMention {
  brand: string;
  /** 1 = named first among the tracked brands. */
  rank: number;
}

/** The tracked brands an answer names, first named first. */
function trackedMentions(
  matcher: BrandMatcher | null,
  brands: readonly BrandView[],
  result: ResultView | undefined,
): TrackedMention[] {
  if (!matcher || !result) return [];
  return resultBrandVisibility(matcher, result.normalized)
    .brands.map((v, i) => ({ brand: brands[i]?.name ?? v.brandId, rank: v.firstRank }))
    .filter((m): m is TrackedMention => m.rank !== null)
    .sort((a, b) => a.rank - b.rank);
}

export const registerCompareCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('compare')
    .description('Compare a run across countries: answer excerpt, top sources, brand mentions')
    .argument('<run>', 'run id')
    .option('--repeat <n>', 'which repeat to show', '1')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: { repeat: string; db?: string }) => {
      const repeat = Number(flags.repeat);
      if (!Number.isInteger(repeat) || repeat < 1)
        throw new CliUsageError('--repeat must be a positive whole number');
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const run = core.store.getRun(runId);
        if (!run) throw new CliUsageError(`No run with id ${runId}`);
        const brands = core.store.listBrands();
        const matcher = brands.length > 0 ? compileBrandMatcher(brands) : null;
        const cells = core.store.getRunMatrix(runId).filter((c) => c.repeat === repeat && c.resultId);
        const results = new Map<string, ResultView>(
          core.store.getResults(cells.map((c) => c.resultId as string)).map((r) => [r.resultId, r]),
        );
        const rows = cells.map((c) => {
          const r = results.get(c.resultId as string);
          return {
            prompt: run.prompts[c.promptIndex] ?? '',
            engine: c.engine,
            engineLabel: core.labelOf(c.engine),
            location: c.state ? `US-${c.state}` : c.country,
            excerpt: clip(r?.normalized.text ?? '', 240),
            topSources: r
              ? topDomains(
                  r.normalized.sources.map((s) => s.domain),
                  5,
                )
              : [],
            trackedBrands: trackedMentions(matcher, brands, r),
            brands: r ? [...new Set(r.normalized.entities.map((e) => e.name))].slice(0, 10) : [],
          };
        });
        if (ctx.json) return writeJson(ctx, { runId, repeat, synthetic: run.sandbox, rows });
        let last = '';
        for (const row of rows) {
          const head = `${row.prompt} · ${row.engineLabel}`;
          if (head !== last) {
            writeLine(ctx.stdout, `\n== ${head}`);
            last = head;
          }
          writeLine(ctx.stdout, `[${row.location}] ${row.excerpt}`);
          writeLine(ctx.stdout, `    sources: ${row.topSources.join(', ') || '-'}`);
          const tracked = row.trackedBrands.map((m) => `${m.brand} (${ordinal(m.rank)})`);
          writeLine(ctx.stdout, `    brands:  ${tracked.join(', ') || '-'}`);
          if (row.brands.length > 0) writeLine(ctx.stdout, `    names:   ${row.brands.join(', ')}`);
        }
      });
    });
};
