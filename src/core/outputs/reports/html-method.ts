import { MIN_ANSWERS_A_SIDE, isThin } from '../../../shared/analytics/evidence';
import { listJoin, plural } from '../../../shared/narrative/words';
import { engineName, locationName, longDate } from './format';
import { section, t } from './html-parts';
import type { ClientReport } from './types';

// What the report measured and how: the tracked questions (under their topics when prompts
// carry one) and the method (engines by the names the client knows, places, schedule, repeats,
// answers in each period), with a caveat in words when a period holds too few answers for its
// changes to be called clear.

/** "Every day", "Every week", or the schedule as set. */
export function scheduleWords(cadence: string): string {
  if (cadence === 'daily') return 'every day';
  if (cadence === 'weekly') return 'every week';
  return `on the schedule “${cadence}” (UTC)`;
}

export function questionsSection(r: ClientReport): string {
  const total = r.questions.reduce((s, g) => s + g.questions.length, 0);
  const groups = r.questions
    .map((g) => {
      const items = g.questions.map((q) => `<li>${t(q)}</li>`).join('');
      const head =
        g.topic === null
          ? r.questions.length > 1
            ? '<h3>Other questions</h3>'
            : ''
          : `<h3>${t(g.topic)} <span class="muted">(${t(plural(g.questions.length, 'question'))})</span></h3>`;
      return `<div class="question-group" data-topic="${t(g.topic ?? '')}">${head}<ol class="questions">${items}</ol></div>`;
    })
    .join('');
  return section(
    'questions',
    'Tracked questions',
    total === 0 ? '<p class="muted">No questions are tracked.</p>' : groups,
    `The ${plural(total, 'question')} asked of every engine in every place, word for word.`,
  );
}

/** The caveat when either period is thin, in words; '' when both hold enough answers. */
export function thinCaveat(r: Pick<ClientReport, 'answers' | 'previousAnswers'>): string {
  if (!isThin(r.previousAnswers, r.answers)) return '';
  const which =
    r.answers < MIN_ANSWERS_A_SIDE && r.previousAnswers < MIN_ANSWERS_A_SIDE
      ? 'Both periods hold'
      : r.answers < MIN_ANSWERS_A_SIDE
        ? 'This period holds'
        : 'The previous period holds';
  return `${which} fewer than ${MIN_ANSWERS_A_SIDE} answers (${r.answers.toLocaleString('en')} in this one, ${r.previousAnswers.toLocaleString('en')} in the previous one): the figures rest on few answers, and no change against the previous period is called clear.`;
}

export function methodSection(r: ClientReport): string {
  const m = r.monitor;
  const p = r.period;
  const rows: Array<[string, string]> = [
    ['AI engines', listJoin(m.engines.map((e) => engineName(e, r.labels)))],
    ['Places', listJoin(m.locations.map(locationName))],
    [
      'Schedule',
      `Asked ${scheduleWords(m.cadence)}, ${plural(m.repeats, 'time')} a question in each place and engine`,
    ],
    [
      'Period',
      `${longDate(p.from)} to ${longDate(p.to)} (${plural(p.days, 'day')}): ${plural(r.answers, 'answer')} in ${plural(r.runs, 'run')}`,
    ],
    [
      'Compared with',
      `${longDate(p.previous.from)} to ${longDate(p.previous.to)}: ${plural(r.previousAnswers, 'answer')}`,
    ],
  ];
  const caveat = thinCaveat(r);
  const body = [
    `<dl class="method">${rows.map(([k, v]) => `<div><dt>${t(k)}</dt><dd>${t(v)}</dd></div>`).join('')}</dl>`,
    caveat ? `<p class="caveat">${t(caveat)}</p>` : '',
  ].join('');
  return section(
    'method',
    'How this report was made',
    body,
    'Each tracked question was put to each AI engine from each place; the figures count the answers they gave.',
  );
}
