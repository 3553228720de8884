import type {
  AttributeGapsView,
  AttributeStat,
  PositioningBuckets,
  PositioningMetrics,
  PositioningMetricsWithChange,
  PositioningSummary,
  ResultPositioning,
  StoredPositioning,
} from '../../../src/shared/positioning/view-types';
import { rate, SAMPLE_BRANDS, SAMPLE_PERIOD } from './fake-samples';

// Positioning: hand-made numbers for the brands of SAMPLE_BRANDS (Acme is the focus brand), as
// the positioning.* channels return them; the tests check the views write exactly these.

function attribute(
  text: string,
  polarity: AttributeStat['polarity'],
  count: number,
  n: number,
): AttributeStat {
  return {
    text,
    polarity,
    count,
    positive: polarity === 'positive' ? count : 0,
    negative: polarity === 'negative' ? count : 0,
    share: rate(count, n, 0, 1),
  };
}

function metrics(over: Partial<PositioningMetrics> & { brandId: string }): PositioningMetrics {
  return {
    n: 0,
    recommendationRate: rate(0, 0, 0, 0),
    netSentiment: { value: null, lower: null, upper: null, n: 0, positive: 0, negative: 0 },
    statusCounts: { top: 0, recommended: 0, mentioned: 0, cautioned: 0 },
    sentimentCounts: { positive: 0, neutral: 0, negative: 0 },
    meanScore: { value: null, n: 0, lower: null, upper: null },
    topAttributes: [],
    ...over,
  };
}

/** Acme: 210 answers name it, 120 recommend it (58 %, 51–64 %), up 9 points (significant). */
export function samplePositioningSummary(over: Partial<PositioningSummary> = {}): PositioningSummary {
  const acme: PositioningMetricsWithChange = {
    ...metrics({
      brandId: 'b-acme',
      n: 210,
      recommendationRate: rate(120, 210, 0.5043, 0.6375),
      netSentiment: { value: 0.3, lower: 0.2071, upper: 0.3849, n: 210, positive: 84, negative: 21 },
      statusCounts: { top: 45, recommended: 75, mentioned: 80, cautioned: 10 },
      sentimentCounts: { positive: 84, neutral: 105, negative: 21 },
      topAttributes: [
        attribute('comfortable', 'positive', 62, 210),
        attribute('expensive', 'negative', 31, 210),
        attribute('lightweight', 'positive', 20, 210),
      ],
    }),
    previous: metrics({ brandId: 'b-acme', n: 190, recommendationRate: rate(93, 190, 0.42, 0.56) }),
    change: {
      recommendationRate: { delta: 0.0919, significant: true },
      netSentiment: { delta: -0.04, significant: false },
    },
  };
  const zoom: PositioningMetricsWithChange = {
    ...metrics({
      brandId: 'b-zoom',
      n: 180,
      recommendationRate: rate(54, 180, 0.2391, 0.3702),
      netSentiment: { value: -0.15, lower: -0.2448, upper: -0.0527, n: 180, positive: 27, negative: 54 },
      statusCounts: { top: 9, recommended: 45, mentioned: 96, cautioned: 30 },
      sentimentCounts: { positive: 27, neutral: 99, negative: 54 },
      topAttributes: [attribute('slow support', 'negative', 40, 180)],
    }),
    previous: metrics({ brandId: 'b-zoom', n: 170 }),
    change: {
      recommendationRate: { delta: -0.02, significant: false },
      netSentiment: { delta: null, significant: false },
    },
  };
  return {
    period: SAMPLE_PERIOD,
    judge: { id: 'builtin' },
    focusBrandId: 'b-acme',
    brands: SAMPLE_BRANDS.map((b) => ({ id: b.id, name: b.name, kind: b.kind, domains: b.domains })),
    kpis: acme,
    leaderboard: [acme, zoom],
    empty: null,
    rescore: null,
    notJudged: { answers: 0, note: null },
    ...over,
  };
}

/** One brand's positioning in an answer, its evidence the first occurrence of `sentence` in `text`. */
export function storedPositioning(
  text: string,
  brand: { id: string; name: string },
  status: StoredPositioning['status'],
  score: number,
  sentence: string,
): StoredPositioning {
  const start = text.indexOf(sentence);
  if (start < 0) throw new Error(`"${sentence}" is not in the answer`);
  return {
    brand: brand.name,
    brandId: brand.id,
    status,
    sentiment: { label: score > 0.1 ? 'positive' : score < -0.1 ? 'negative' : 'neutral', score },
    evidence: [{ text: sentence, start, end: start + sentence.length }],
    attributes: [],
    judge: { id: 'builtin', version: '1' },
  };
}

/** An answer judged by the built-in judge (Markdown), naming these brands. */
export function resultPositioning(resultId: string, brands: StoredPositioning[]): ResultPositioning {
  return { resultId, format: 'markdown', judge: { id: 'builtin', version: '1' }, notScored: null, brands };
}

/** Zoom owns "waterproof" (20 % of its answers, significant); "durable" is not significant. */
export function sampleAttributeGaps(): AttributeGapsView {
  return {
    period: SAMPLE_PERIOD,
    judge: { id: 'builtin' },
    focusBrandId: 'b-acme',
    gaps: [
      {
        text: 'waterproof',
        polarity: 'positive',
        focus: rate(4, 210, 0.0074, 0.0479),
        competitors: [{ brandId: 'b-zoom', share: rate(36, 180, 0.1479, 0.2649) }],
        significant: true,
      },
      {
        text: 'durable',
        polarity: 'positive',
        focus: rate(6, 210, 0.0132, 0.0609),
        competitors: [{ brandId: 'b-zoom', share: rate(12, 180, 0.0386, 0.1128) }],
        significant: false,
      },
    ],
    empty: null,
    rescore: null,
    notJudged: { answers: 0, note: null },
  };
}

/** Acme's tone on three days (from +0.40 to +0.10, 12–20 answers a day); Zoom's on one day. */
export function samplePositioningTrend(): PositioningBuckets {
  const day = (d: string, brandId: string, value: number, n: number): PositioningBuckets['rows'][number] => ({
    ...metrics({
      brandId,
      n,
      netSentiment: { value, lower: value - 0.2, upper: value + 0.2, n, positive: 0, negative: 0 },
    }),
    bucket: { day: d },
  });
  return {
    period: SAMPLE_PERIOD,
    judge: { id: 'builtin' },
    by: ['day'],
    rows: [
      day('2025-04-30', 'b-acme', 0.25, 20),
      day('2025-04-02', 'b-acme', 0.4, 12),
      day('2025-05-01', 'b-acme', 0.1, 15),
      day('2025-04-20', 'b-zoom', -0.15, 9),
    ],
    runLabels: {},
    empty: null,
    rescore: null,
    notJudged: { answers: 0, note: null },
  };
}
