import { isThin } from '../../../shared/analytics/evidence';
import { netSentimentInterval } from '../../../shared/analytics/net-sentiment';
import type { InvokeParsedInput } from '../../../shared/ipc/contract';
import type {
  PromptGrouping,
  PromptMetrics,
  PromptRow,
  PromptStatChange,
  PromptsView,
} from '../../../shared/visibility/prompt-types';
import type { MeanStat, RateStat } from '../../../shared/visibility/types';
import type { HistoryStore, VisFilter } from '../../history';
import { brandedPrompts } from './branded-prompts';
import type { Context, QueryContext } from './service-context';
import { meanStat, rateStat, statChange } from './stats';

// Visibility per prompt or per topic: the per-answer rows grouped by the prompt asked (the
// store's prompt split, read through vis_result's indexes, never the answers' texts), summed
// per prompt text, then per topic (a prompt's tags in the library; a prompt with several
// topics counts in each). The focus brand's numbers with their intervals and changes.

/** What one prompt (or topic) sums to over a period. */
interface PromptSums {
  answers: number;
  mentioned: number;
  ranked: number;
  rankSum: number;
  rankSq: number;
  mentions: number;
  allMentions: number;
  scored: number;
  recommended: number;
  positive: number;
  negative: number;
}

const zero = (): PromptSums => ({
  answers: 0,
  mentioned: 0,
  ranked: 0,
  rankSum: 0,
  rankSq: 0,
  mentions: 0,
  allMentions: 0,
  scored: 0,
  recommended: 0,
  positive: 0,
  negative: 0,
});

function add(into: PromptSums, from: PromptSums): void {
  for (const k of Object.keys(into) as Array<keyof PromptSums>) into[k] += from[k];
}

/** The focus brand's sums per prompt text over a filter (several run prompts share a text). */
function sumsByText(
  store: HistoryStore,
  filter: VisFilter,
  focusId: string | null,
  judge: string,
): Map<string, PromptSums> {
  const out = new Map<string, PromptSums>();
  const of = (text: string | undefined): PromptSums => {
    const key = text ?? '';
    let s = out.get(key);
    if (!s) out.set(key, (s = zero()));
    return s;
  };
  for (const c of store.visCells(filter, ['prompt'])) of(c.prompt).answers += c.answers;
  for (const b of store.visBrands(filter, ['prompt'])) {
    const s = of(b.prompt);
    s.allMentions += b.mentions;
    if (b.brandId !== focusId) continue;
    s.mentioned += b.mentioned;
    s.ranked += b.ranked;
    s.rankSum += b.rankSum;
    s.rankSq += b.rankSq;
    s.mentions += b.mentions;
  }
  if (focusId === null) return out;
  for (const p of store.posStatus(filter, judge, ['prompt'])) {
    if (p.brandId !== focusId) continue;
    const s = of(p.prompt);
    s.scored += p.n;
    s.recommended += p.top + p.recommended;
    s.positive += p.positive;
    s.negative += p.negative;
  }
  return out;
}

function metricsOf(s: PromptSums): PromptMetrics {
  return {
    answers: s.answers,
    mentionRate: rateStat(s.mentioned, s.answers),
    avgPosition: meanStat(s.ranked, s.rankSum, s.rankSq),
    recommendationRate: rateStat(s.recommended, s.scored),
    netSentiment: netSentimentInterval(s.positive, s.negative, s.scored),
    shareOfVoice: rateStat(s.mentions, s.allMentions),
  };
}

/** statChange with the evidence rule: fewer than 30 answers a side is never significant. */
function evidenced(cur: RateStat | MeanStat, prev: RateStat | MeanStat): PromptStatChange {
  const change = statChange(cur, prev);
  const fewAnswers = isThin(prev.n, cur.n);
  return { delta: change.delta, significant: change.significant && !fewAnswers, fewAnswers };
}

interface Group {
  key: string;
  topics: string[];
  texts: Set<string>;
  current: PromptSums;
  previous: PromptSums;
}

/** The topics of each prompt text: the tags of the library's prompts with that text. */
export function topicsByText(store: HistoryStore): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of store.listPrompts()) {
    const had = out.get(p.text) ?? [];
    out.set(
      p.text,
      [...new Set([...had, ...p.tags])].sort((a, b) => a.localeCompare(b)),
    );
  }
  return out;
}

/** The prompt texts a drill's topic names ('' : the prompts asked that carry no topic). */
export function textsOfTopic(store: HistoryStore, topic: string): string[] {
  const topics = topicsByText(store);
  const wanted = topic.trim().toLowerCase();
  if (wanted === '') return store.visPromptTexts().filter((t) => (topics.get(t) ?? []).length === 0);
  return [...topics].filter(([, ts]) => ts.some((t) => t.toLowerCase() === wanted)).map(([text]) => text);
}

function groupKeys(by: PromptGrouping, text: string, topics: readonly string[]): string[] {
  if (by === 'prompt') return [text];
  return topics.length > 0 ? [...topics] : [''];
}

function rowOf(g: Group, by: PromptGrouping, branded: Map<string, string[]>): PromptRow {
  const brandedTexts = [...g.texts].filter((t) => branded.has(t));
  const current = metricsOf(g.current);
  const previous = metricsOf(g.previous);
  return {
    key: g.key,
    topics: g.topics,
    prompts: g.texts.size,
    branded: brandedTexts.length > 0 && brandedTexts.length === g.texts.size,
    brandedBy: [...new Set(brandedTexts.flatMap((t) => branded.get(t) ?? []))].sort(),
    brandedPrompts: by === 'topic' ? brandedTexts.length : 0,
    current,
    previous,
    change: {
      mentionRate: evidenced(current.mentionRate, previous.mentionRate),
      avgPosition: evidenced(current.avgPosition, previous.avgPosition),
      recommendationRate: evidenced(current.recommendationRate, previous.recommendationRate),
      netSentiment: evidenced(current.netSentiment, previous.netSentiment),
      shareOfVoice: evidenced(current.shareOfVoice, previous.shareOfVoice),
    },
  };
}

/** The Prompts table over a query context, for one judge's recommendation rates. */
export function promptsView(
  store: HistoryStore,
  q: QueryContext,
  input: InvokeParsedInput<'visibility.prompts'>,
  judge: string,
): PromptsView {
  const ctx: Context = q.context(input);
  const focusId = ctx.focus?.id ?? null;
  const cur = sumsByText(store, ctx.current, focusId, judge);
  const prev = sumsByText(store, ctx.previous, focusId, judge);
  const topics = topicsByText(store);
  const branded = brandedPrompts(ctx.brands, [...new Set([...cur.keys(), ...prev.keys()])]);
  const groups = new Map<string, Group>();
  for (const text of new Set([...cur.keys(), ...prev.keys()])) {
    const its = topics.get(text) ?? [];
    for (const key of groupKeys(input.by, text, its)) {
      let g = groups.get(key.toLowerCase());
      if (!g) {
        g = {
          key,
          topics: input.by === 'prompt' ? its : key ? [key] : [],
          texts: new Set(),
          current: zero(),
          previous: zero(),
        };
        groups.set(key.toLowerCase(), g);
      }
      g.texts.add(text);
      add(g.current, cur.get(text) ?? zero());
      add(g.previous, prev.get(text) ?? zero());
    }
  }
  const wanted = input.topic?.toLowerCase();
  const inTopic = (g: Group): boolean =>
    wanted === undefined ||
    (wanted === '' ? g.topics.length === 0 : g.topics.some((t) => t.toLowerCase() === wanted));
  const rows = [...groups.values()]
    .filter((g) => g.current.answers > 0 && inTopic(g))
    .map((g) => rowOf(g, input.by, branded))
    .sort((a, b) => b.current.answers - a.current.answers || a.key.localeCompare(b.key));
  const answers = [...cur.values()].reduce((s, x) => s + x.answers, 0);
  return {
    period: ctx.period.resolved,
    by: input.by,
    unbranded: input.unbranded === true,
    focusBrandId: focusId,
    brands: ctx.refs,
    judge,
    answers,
    rows,
    topics: [...new Set([...topics.values()].flat())].sort((a, b) => a.localeCompare(b)),
    empty:
      q.emptyReason(ctx, answers) ??
      (ctx.brands.length === 0 ? 'No brands defined: add your brand and its competitors' : null),
    reanalysis: store.visReanalysis(),
  };
}
