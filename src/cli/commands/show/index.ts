import type { Command } from 'commander';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import { creditsJson, creditsSentence } from '../../../shared/domain/run-credits';
import { writeRunTable } from './show-table';
import type { RegisterCommand } from '../register-command';
import type { ResultPositioning } from '../../../shared/positioning/view-types';
import type { JobFactCheck } from '../../../core/analysis';
import { notCheckedNote } from '../../../shared/facts';

/** An answer's positioning as `show --json` prints it: null when the judge has not scored it. */
function positioningJson(p: ResultPositioning | undefined) {
  if (p === undefined || p.judge === null) return null;
  return p.brands.map((b) => ({
    brand: b.brand,
    brandId: b.brandId,
    status: b.status,
    sentiment: b.sentiment,
    evidence: b.evidence,
    attributes: b.attributes,
    judge: b.judge,
  }));
}

/** Each job's fact checks as `show --json` prints them. */
function factsByJob(checks: readonly JobFactCheck[]) {
  const out = new Map<
    string,
    Array<Pick<JobFactCheck, 'brand' | 'key' | 'verdict' | 'evidence' | 'checker'>>
  >();
  for (const c of checks)
    out.set(c.jobId, [
      ...(out.get(c.jobId) ?? []),
      { brand: c.brand, key: c.key, verdict: c.verdict, evidence: c.evidence, checker: c.checker },
    ]);
  return out;
}

// `parallax show RUN`: one run with every job's state, excerpt and error.

export const registerShowCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('show')
    .description('Show one run: its settings and every job with its answer excerpt or error')
    .argument('<run>', 'run id')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const run = core.store.getRun(runId);
        if (!run) throw new CliUsageError(`No run with id ${runId}`);
        if (ctx.json) {
          const cells = core.store.getRunMatrix(runId);
          // Each answer's result id names it for `parallax page` and `compare`; its pages say
          // whether they were archived (and why not).
          const pages = core.store.pageArchiveStatus(cells.flatMap((c) => (c.resultId ? [c.resultId] : [])));
          // How each answer presents each brand it names (the active judge's), null until scored.
          const positioning = core.store.posRunResults(
            runId,
            core.settings?.get().positioningJudge ?? 'builtin',
          );
          // What each answer says about the facts of the brands it names (brand fact sheets).
          const checks = (await core.services.facts()).checksOfJobs(cells.map((c) => c.jobId));
          const facts = factsByJob(checks);
          const unread = new Map(
            checks.flatMap((c) => (c.unread === null ? [] : [[c.jobId, c.unread] as const])),
          );
          const notReadNote = (jobId: string): string | null => {
            const language = unread.get(jobId);
            return language === undefined ? null : notCheckedNote(language);
          };
          return writeJson(ctx, {
            run: { ...run, engineLabels: run.engines.map(core.labelOf), ...creditsJson(run) },
            creditSessions: core.store.runSessions(runId),
            jobs: cells.map((c) => ({
              ...c,
              engineLabel: core.labelOf(c.engine),
              pages: c.resultId ? (pages.get(c.resultId) ?? []) : [],
              positioning: c.resultId ? positioningJson(positioning.get(c.resultId)) : [],
              // Why the judge gave no positioning ("not judged: Dutch (nl), …"), else null.
              positioningNote: c.resultId ? (positioning.get(c.resultId)?.notScored ?? null) : null,
              facts: facts.get(c.jobId) ?? [],
              // Why the checker checked none of its facts ("not checked: Finnish (fi), …"), else null.
              factsNote: notReadNote(c.jobId),
            })),
          });
        }
        writeLine(
          ctx.stdout,
          `Run ${run.id}${run.name ? ` "${run.name}"` : ''}: ${run.status}${run.sandbox ? ' (sandbox, synthetic data)' : ''}`,
        );
        writeLine(
          ctx.stdout,
          `Mode ${run.mode}, engines ${run.engines.map(core.labelOf).join(', ')}, repeats ${run.repeats}`,
        );
        writeLine(
          ctx.stdout,
          `Jobs ${run.total}: ${Object.entries(run.counts)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ')}`,
        );
        writeLine(ctx.stdout, `Credits charged ${creditsSentence(run)} of at most ${run.maxCredits}`);
        for (const s of core.store.runSessions(runId).filter((x) => x.reconcileState === 'not-attributable'))
          writeLine(ctx.stdout, `  interrupted session not attributable: ${s.reconcileNote ?? ''}`);
        writeLine(ctx.stdout);
        // The table reads only the columns it prints and is written in blocks as it is made
        // (a 20,000-job run is 3 MB of text).
        writeRunTable(ctx.stdout, run.prompts, core.store.iterateRunTableRows(runId), core.labelOf);
        const pages = core.store.getRunPageStates(runId);
        if (pages.archived + pages.pending + pages.failed > 0) {
          writeLine(ctx.stdout);
          writeLine(
            ctx.stdout,
            `Pages: ${pages.archived} archived, ${pages.pending} pending, ${pages.failed} not archived` +
              ' (`parallax page RESULT_ID`; result ids with --json)',
          );
        }
      });
    });
};
