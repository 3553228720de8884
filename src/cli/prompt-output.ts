import type { BrandView } from '../shared/ipc/channels/library';
import type { MeanStat, RateStat } from '../shared/visibility/types';
import type { PromptRow, PromptStatChange, PromptsView } from '../shared/visibility/prompt-types';
import type { Command } from 'commander';
import { CliUsageError, writeJson, writeLine, type CliContext } from './context';
import { formatTable } from './core';
import { printJudgeAgreement } from './judge-agreement-output';
import { judgeAgreementOf } from '../shared/positioning/judge-agreement';
import {
  formatMean,
  formatMeanChange,
  formatRate,
  formatRateChange,
  meanJson,
  rateJson,
  reanalysisNote,
} from './format-stats';
import type { PromptGrouping } from '../shared/visibility/prompt-types';

// `parallax visibility --by prompt|topic` and `parallax positioning --by prompt|topic`: one row
// per prompt (or topic) with the focus brand's numbers, printed or as JSON. Both commands read
// the same service call (promptsView), so the two print the same rows.

/** --by prompt or --by topic (alone), else null (the other dimensions). */
export function promptGroupingOf(by: string | undefined): PromptGrouping | null {
  const names = (by ?? '').split(',').map((v) => v.trim().toLowerCase());
  const grouping = names.filter((n) => n === 'prompt' || n === 'topic');
  if (grouping.length === 0) return null;
  if (names.length > 1)
    throw new CliUsageError('--by prompt and --by topic go alone (not with another dimension)');
  return grouping[0] as PromptGrouping;
}

/** --topic and --unbranded, on the commands that read prompts. */
export function addPromptOptions(command: Command): Command {
  return command
    .option('--topic <name>', "with --by prompt|topic: only this topic's prompts ('' : prompts without one)")
    .option('--unbranded', 'leave out the prompts that name a tracked brand (share of voice, leaderboard)');
}

const changeJson = (c: PromptStatChange) => ({
  delta: c.delta,
  significant: c.significant,
  fewAnswers: c.fewAnswers,
});

function rowJson(r: PromptRow, by: PromptGrouping) {
  const c = r.current;
  const p = r.previous;
  return {
    ...(by === 'prompt' ? { prompt: r.key } : { topic: r.key === '' ? null : r.key }),
    topics: r.topics,
    prompts: r.prompts,
    branded: r.branded,
    brandedBy: r.brandedBy,
    ...(by === 'topic' ? { brandedPrompts: r.brandedPrompts } : {}),
    answers: c.answers,
    previousAnswers: p.answers,
    mentionRate: {
      ...rateJson(c.mentionRate),
      previous: rateJson(p.mentionRate),
      ...changeJson(r.change.mentionRate),
    },
    avgPosition: {
      ...meanJson(c.avgPosition),
      previous: meanJson(p.avgPosition),
      ...changeJson(r.change.avgPosition),
    },
    recommendationRate: {
      ...rateJson(c.recommendationRate),
      previous: rateJson(p.recommendationRate),
      ...changeJson(r.change.recommendationRate),
    },
    netSentiment: { ...c.netSentiment, previous: p.netSentiment, ...changeJson(r.change.netSentiment) },
    shareOfVoice: {
      ...rateJson(c.shareOfVoice),
      previous: rateJson(p.shareOfVoice),
      ...changeJson(r.change.shareOfVoice),
    },
  };
}

export function promptsJson(view: PromptsView, brands: Map<string, BrandView>) {
  const focus = view.focusBrandId;
  return {
    period: view.period,
    by: view.by,
    unbranded: view.unbranded,
    brand: focus === null ? null : (brands.get(focus)?.name ?? null),
    brandId: focus,
    judge: view.judge,
    answers: view.answers,
    topics: view.topics,
    rows: view.rows.map((r) => rowJson(r, view.by)),
    empty: view.empty,
    reanalysis: view.reanalysis ?? null,
    judgeAgreement: judgeAgreementOf(view.judge),
  };
}

/** A change in words: "few answers" on thin data, else the usual "+3.2 pts" / "n.s.". */
function changeText(c: PromptStatChange, format: (c: PromptStatChange) => string): string {
  if (c.delta !== null && c.fewAnswers) return `${format({ ...c, significant: true })} few answers`;
  return format(c);
}

const rate = (s: RateStat, c: PromptStatChange): string =>
  `${formatRate(s)} ${changeText(c, formatRateChange)}`;
const mean = (s: MeanStat, c: PromptStatChange): string =>
  `${formatMean(s)} ${changeText(c, formatMeanChange)}`;
const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;

export const PROMPTS_LEGEND =
  'Focus brand per row; rates with their 95 % interval (Wilson) and change vs the previous period; ' +
  'n.s. = not significant; "few answers" = under 30 answers a side (never significant); ' +
  'branded = the prompt names a tracked brand.';

export function printPrompts(ctx: CliContext, view: PromptsView, brands: Map<string, BrandView>): void {
  const focus =
    view.focusBrandId === null ? null : (brands.get(view.focusBrandId)?.name ?? view.focusBrandId);
  const p = view.period;
  writeLine(
    ctx.stdout,
    `Visibility by ${view.by}, ${p.from} to ${p.to} (previous period ${p.previous.from} to ${p.previous.to})` +
      `${focus ? `, focus ${focus}` : ''}, judge ${view.judge}${view.unbranded ? ', branded prompts left out' : ''}`,
  );
  const note = reanalysisNote(view.reanalysis);
  if (note) writeLine(ctx.stdout, note);
  if (view.empty || view.rows.length === 0)
    return writeLine(ctx.stdout, `${view.empty ?? 'No prompts here'}.`);
  printJudgeAgreement(ctx, view.judge);
  const head = view.by === 'prompt' ? ['Prompt', 'Topics'] : ['Topic', 'Prompts'];
  writeLine(
    ctx.stdout,
    formatTable(
      [...head, 'Branded', 'n', 'Mentioned', 'Avg position', 'Recommended', 'Share of voice'],
      view.rows.map((r) => [
        ...(view.by === 'prompt'
          ? [clip(r.key, 60), r.topics.join(', ')]
          : [r.key === '' ? '(no topic)' : r.key, String(r.prompts)]),
        r.brandedBy.length > 0
          ? view.by === 'topic'
            ? `${r.brandedPrompts} of ${r.prompts}`
            : r.brandedBy.join(', ')
          : '',
        r.current.answers,
        rate(r.current.mentionRate, r.change.mentionRate),
        mean(r.current.avgPosition, r.change.avgPosition),
        rate(r.current.recommendationRate, r.change.recommendationRate),
        rate(r.current.shareOfVoice, r.change.shareOfVoice),
      ]),
    ),
  );
  writeLine(ctx.stdout, `\n${PROMPTS_LEGEND}`);
}

/** Prints or writes the view as the context asks. */
export function outputPrompts(ctx: CliContext, view: PromptsView, brands: Map<string, BrandView>): void {
  if (ctx.json) return writeJson(ctx, promptsJson(view, brands));
  printPrompts(ctx, view, brands);
}
