import type { PromptRow, PromptsView } from '../../../src/shared/visibility/prompt-types';
import { rate, SAMPLE_PERIOD } from './fake-samples';

// The Prompts table's answer in the renderer tests: Acme in focus over three prompts, one of
// them naming Zoom (branded), one with few answers.

const NET = { value: 0.2, lower: 0.1, upper: 0.3, n: 40, positive: 12, negative: 4 };

function row(
  key: string,
  topics: string[],
  answers: number,
  mentioned: number,
  over: Partial<PromptRow> = {},
): PromptRow {
  const metrics = {
    answers,
    mentionRate: rate(
      mentioned,
      answers,
      Math.max(0, mentioned / answers - 0.1),
      Math.min(1, mentioned / answers + 0.1),
    ),
    avgPosition: { value: 1 + mentioned / answers, n: mentioned, lower: 1, upper: 2 + mentioned / answers },
    recommendationRate: rate(Math.floor(mentioned / 2), mentioned, 0.3, 0.7),
    netSentiment: NET,
    shareOfVoice: rate(mentioned, mentioned * 2, 0.4, 0.6),
  };
  const few = answers < 30;
  return {
    key,
    topics,
    prompts: 1,
    branded: false,
    brandedBy: [],
    brandedPrompts: 0,
    current: metrics,
    previous: metrics,
    change: {
      mentionRate: { delta: few ? 0.2 : 0.05, significant: !few, fewAnswers: few },
      avgPosition: { delta: -0.1, significant: false, fewAnswers: few },
      recommendationRate: { delta: 0, significant: false, fewAnswers: few },
      netSentiment: { delta: 0, significant: false, fewAnswers: few },
      shareOfVoice: { delta: 0.01, significant: false, fewAnswers: few },
    },
    ...over,
  };
}

export function samplePrompts(by: PromptsView['by'] = 'prompt'): PromptsView {
  const rows =
    by === 'prompt'
      ? [
          row('best running shoes for beginners', ['Buying guides'], 200, 150),
          row('is Zoom good for trail running', ['Trail'], 120, 30, { branded: true, brandedBy: ['Zoom'] }),
          row('lightest racing flats', [], 12, 6),
        ]
      : [
          row('Buying guides', ['Buying guides'], 200, 150),
          row('Trail', ['Trail'], 120, 30, { brandedBy: ['Zoom'], brandedPrompts: 1, branded: true }),
          row('', [], 12, 6),
        ];
  return {
    period: SAMPLE_PERIOD,
    by,
    unbranded: false,
    focusBrandId: 'b-acme',
    brands: [],
    judge: 'builtin',
    answers: 332,
    rows,
    topics: ['Buying guides', 'Trail'],
    empty: null,
  };
}
