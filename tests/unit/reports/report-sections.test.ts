import { describe, expect, it } from 'vitest';
import { questionGroups } from '../../../src/core/outputs/reports/questions';
import { methodSection, questionsSection, thinCaveat } from '../../../src/core/outputs/reports/html-method';
import { netText, positioningSection, statusMix } from '../../../src/core/outputs/reports/html-positioning';
import { barChartSvg } from '../../../src/core/outputs/reports/svg-bars';
import { chartBrands } from '../../../src/core/outputs/reports/html-trends';
import type { ClientReport } from '../../../src/core/outputs/reports';
import type { PositioningMetricsWithChange } from '../../../src/shared/positioning/view-types';
import { judgeAgreementOf } from '../../../src/shared/positioning';
import type { BrandMetricsWithChange, RateStat } from '../../../src/shared/visibility/types';
import { parseReportHtml } from '../../support/report-html';

// The client report's newer sections on their own, on hand-made data: questions under their
// topics, the method and its thin-data caveat, positioning in words (few answers never called
// clear), the brands the trend charts draw, and bars whose names stay text.

const HOSTILE = '<img src=x onerror="alert(1)">Shoes & "more"';
const rate = (k: number, n: number): RateStat => ({
  value: n === 0 ? null : k / n,
  k,
  n,
  lower: n === 0 ? null : Math.max(0, k / n - 0.1),
  upper: n === 0 ? null : Math.min(1, k / n + 0.1),
});
const noChange = { delta: 0.05, significant: false };

describe('tracked questions', () => {
  it('groups by topic in first-asked order, the questions without one last, each listed once', () => {
    expect(
      questionGroups([
        { text: 'best trail shoes', topic: 'Trail' },
        { text: 'cheap running shoes', topic: null },
        { text: 'trail shoes for mud', topic: ' Trail ' },
        { text: 'shoes for flat feet', topic: 'Fit' },
        { text: 'best trail shoes', topic: 'Trail' },
        { text: 'running shoes deals', topic: '' },
      ]),
    ).toEqual([
      { topic: 'Trail', questions: ['best trail shoes', 'trail shoes for mud'] },
      { topic: 'Fit', questions: ['shoes for flat feet'] },
      { topic: null, questions: ['cheap running shoes', 'running shoes deals'] },
    ]);
    // Without topics: one group, no heading.
    const one = parseReportHtml(
      questionsSection({ questions: [{ topic: null, questions: ['a', HOSTILE] }] } as ClientReport),
    );
    expect(one.querySelector('h3')).toBeNull();
    expect(Array.from(one.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['a', HOSTILE]);
    expect(one.querySelector('img')).toBeNull();
    const grouped = parseReportHtml(
      questionsSection({
        questions: [
          { topic: HOSTILE, questions: ['a'] },
          { topic: null, questions: ['b', 'c'] },
        ],
      } as ClientReport),
    );
    expect(Array.from(grouped.querySelectorAll('h3')).map((h) => h.textContent)).toEqual([
      `${HOSTILE} (1 question)`,
      'Other questions',
    ]);
  });
});

describe('the method and its caveat', () => {
  it('says when a period holds fewer than 30 answers, and nothing when both hold enough', () => {
    expect(thinCaveat({ answers: 400, previousAnswers: 30 })).toBe('');
    expect(thinCaveat({ answers: 400, previousAnswers: 29 })).toMatch(
      /^The previous period holds fewer than 30/,
    );
    expect(thinCaveat({ answers: 12, previousAnswers: 400 })).toMatch(/^This period holds fewer than 30/);
    expect(thinCaveat({ answers: 2, previousAnswers: 0 })).toMatch(
      /^Both periods hold fewer than 30 answers \(2 in this one, 0 in the previous one\)/,
    );
  });

  it('names engines by their labels, places by name, the schedule and repeats in words', () => {
    const r = {
      monitor: {
        engines: ['assistant-a', 'search'],
        locations: ['DE', 'US-CA'],
        cadence: 'weekly',
        repeats: 3,
      },
      labels: { 'assistant-a': 'ChatGPT' },
      period: {
        from: '2026-11-01',
        to: '2026-11-07',
        days: 7,
        previous: { from: '2026-10-25', to: '2026-10-31' },
      },
      answers: 120,
      previousAnswers: 10,
      runs: 1,
    } as unknown as ClientReport;
    const doc = parseReportHtml(methodSection(r));
    const rows = Array.from(doc.querySelectorAll('dl.method div')).map((d) => d.textContent);
    expect(rows).toEqual([
      'AI enginesChatGPT and Web search',
      'PlacesGermany and California (US)',
      'ScheduleAsked every week, 3 times a question in each place and engine',
      'Period1 November 2026 to 7 November 2026 (7 days): 120 answers in 1 run',
      'Compared with25 October 2026 to 31 October 2026: 10 answers',
    ]);
    expect(doc.querySelector('.caveat')?.textContent).toMatch(
      /^The previous period holds fewer than 30 answers/,
    );
  });
});

describe('positioning in words', () => {
  const metrics = (brandId: string, n: number, previousN: number): PositioningMetricsWithChange => {
    const m = {
      brandId,
      n,
      recommendationRate: rate(Math.round(n * 0.6), n),
      netSentiment: { value: 0.25, lower: 0.1, upper: 0.4, n, positive: 0, negative: 0 },
      statusCounts: {
        top: Math.round(n * 0.1),
        recommended: Math.round(n * 0.5),
        mentioned: n - Math.round(n * 0.6),
        cautioned: 0,
      },
      sentimentCounts: { positive: 0, neutral: n, negative: 0 },
      meanScore: { value: 0.2, n, lower: 0.1, upper: 0.3 },
      topAttributes: [
        {
          text: HOSTILE,
          polarity: 'positive' as const,
          count: 3,
          positive: 3,
          negative: 0,
          share: rate(3, n),
        },
      ],
    };
    // A large change on thin data: the change is marked significant only to show it never reads as clear.
    return {
      ...m,
      previous: { ...m, n: previousN, topAttributes: [] },
      change: { recommendationRate: { delta: 0.3, significant: true }, netSentiment: noChange },
    };
  };
  const report = (leaderboard: PositioningMetricsWithChange[], judge = 'builtin') =>
    ({
      focus: { id: 'b1', name: 'Veloxa', kind: 'brand', domains: [] },
      brands: [
        { id: 'b1', name: 'Veloxa', kind: 'brand', domains: [] },
        { id: 'b2', name: HOSTILE, kind: 'competitor', domains: [] },
      ],
      period: { days: 7 },
      positioning: {
        summary: { judge: { id: judge }, kpis: leaderboard[0], leaderboard, empty: null, rescore: null },
        attributeGaps: {
          gaps: [
            {
              text: 'lightweight',
              polarity: 'positive',
              focus: rate(1, 12),
              competitors: [{ brandId: 'b2', share: rate(20, 60) }],
              significant: false,
            },
          ],
        },
      },
    }) as unknown as ClientReport;

  it('gives each rate its range and answers, and says "few answers" under 30 (a change there never clear)', () => {
    const doc = parseReportHtml(positioningSection(report([metrics('b1', 12, 5), metrics('b2', 300, 280)])));
    const rows = Array.from(doc.querySelectorAll('table[aria-label="Positioning of each brand"] tbody tr'));
    expect(rows[0]?.textContent).toContain('12 answers, few answers');
    expect(rows[0]?.textContent).toContain('+30.0 points (few answers)');
    expect(rows[0]?.textContent).not.toContain('no clear change');
    // Marked significant by the source, yet thin: shown grey, as no clear change.
    expect(rows[0]?.querySelector('.change')?.getAttribute('class')).toBe('change ns');
    expect(rows[1]?.textContent).toContain('300 answers');
    expect(rows[1]?.textContent).not.toContain('few answers');
    expect(rows[1]?.querySelector('.change')?.getAttribute('class')).toBe('change up');
    expect(doc.querySelector('.lead')?.textContent).toContain(
      'These rest on few answers (12): read them with care.',
    );
    // Names and qualities are text.
    expect(doc.querySelector('img')).toBeNull();
    expect(rows[1]?.textContent).toContain(HOSTILE);
    const gap = doc.querySelector('table[aria-label="Qualities Veloxa lacks"] tbody tr');
    expect(gap?.textContent).toContain('lightweight');
    expect(gap?.textContent).toContain(`${HOSTILE} 33.3 % of 60 answers`);
    expect(gap?.textContent?.endsWith('few answers')).toBe(true);
  });

  it("tells the client how far the automatic reading can be trusted, in the report's words, and nothing for a model judge", () => {
    const builtin = parseReportHtml(positioningSection(report([metrics('b1', 300, 280)])));
    const note = builtin.querySelector('.note')?.textContent ?? '';
    const agreement = judgeAgreementOf('builtin');
    expect(note).toContain(
      `The automatic reading of the answers reads whether a brand is recommended (as the top pick or not), mentioned or cautioned as a careful reader does for ${Math.round((agreement?.plainStatus.value ?? 0) * 100)} %`,
    );
    // The report's own word for the status, never the app's "mentioned" nor its "built-in judge".
    expect(note).toContain('it mostly calls the brand “named only”');
    expect(note).not.toContain('"mentioned"');
    expect(note).not.toContain('built-in judge');
    expect(note.trim().endsWith('of them.')).toBe(true);
    const model = parseReportHtml(
      positioningSection(report([metrics('b1', 300, 280)], 'model:openai:gpt-4o')),
    );
    expect(model.querySelector('.note')?.textContent).not.toContain('careful reader');
  });

  it('writes net sentiment signed with its range, and the status mix as shares', () => {
    expect(netText({ value: 0.25, lower: -0.05, upper: 0.5, n: 40, positive: 0, negative: 0 })).toBe(
      '+0.25 (−0.05 to +0.50)',
    );
    expect(netText({ value: null, lower: null, upper: null, n: 0, positive: 0, negative: 0 })).toBe('–');
    expect(statusMix({ top: 1, recommended: 2, mentioned: 6, cautioned: 1 }, 10)).toBe(
      'top pick 10 %, recommended 20 %, named only 60 %, with a caution 10 %',
    );
  });
});

describe('the charts’ brands', () => {
  it('draws the focus brand and the three competitors named most often', () => {
    const m = (brandId: string, v: number) =>
      ({ brandId, mentionRate: rate(v, 100) }) as BrandMetricsWithChange;
    const ids = chartBrands({
      focus: { id: 'f', name: 'F', kind: 'brand', domains: [] },
      leaderboard: [m('f', 10), m('a', 5), m('b', 50), m('c', 0), m('d', 30), m('e', 20)],
    });
    expect(ids).toEqual(['f', 'b', 'd', 'e']);
  });

  it('writes brand names in bars as escaped text, a long one shortened (the full name in its tooltip)', () => {
    const svg = barChartSvg('Share of voice', [
      { name: HOSTILE, color: '#3b82f6', value: 0.3, lower: 0.25, upper: 0.35, label: '30.0 %' },
      { name: 'Nobody', color: '#f97316', value: null, lower: null, upper: null, label: '–' },
    ]);
    expect(svg).not.toContain('<img');
    expect(svg).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Shoes &amp; &quot;more&quot;: 30.0 %',
    );
    expect(svg).toMatch(/>&lt;img src=x onerror=&quot;a…<\/text>/);
    expect(svg.match(/<g class="bar">/g)).toHaveLength(2);
  });
});
