import { foldedLine, splitCollapsed } from '../../../shared/alerts/digest';
import type { AlertDigest } from '../../../shared/alerts/types';
import { plural } from '../../../shared/narrative/words';
import { REPORT_DIGESTS } from './collect';
import { alertKindName, engineName, locationName, longDate } from './format';
import { link, section, t } from './html-parts';
import type { ClientReport, ReportAnswer, ReportEvidence } from './types';

// The report's findings: the changes noticed after the period's runs (one digest per run, in
// plain sentences) and the answers behind the key findings. Engine text (prompts, excerpts, source titles and URLs) is escaped throughout and
// sources are plain http(s) links or text.

function digestBlock(d: AlertDigest): string {
  const { shown, folded } = splitCollapsed(d.alerts);
  const items = shown.map((a) => `<li data-severity="${a.severity}">${t(a.title)}</li>`).join('');
  const left = d.total - d.alerts.length;
  const more = [
    folded.length > 0 ? foldedLine(folded.length, shown.length > 0) : null,
    left > 0 ? `${left.toLocaleString('en')} more` : null,
  ].filter((x): x is string => x !== null);
  return [
    `<div class="digest" data-run="${t(d.runId)}">`,
    `<h3>${t(`${longDate(d.createdAt)}: ${plural(d.total, 'change')}`)}</h3>`,
    items ? `<ul>${items}</ul>` : '',
    more.length ? `<p class="note">${t(more.join('; '))}.</p>` : '',
    '</div>',
  ].join('');
}

export function alertsSection(r: ClientReport): string {
  const kinds =
    r.alertKinds.length === 0
      ? ''
      : `<p class="kinds">${r.alertKinds.map((k) => `<span class="tag">${t(`${alertKindName(k.kind)}: ${k.count.toLocaleString('en')}`)}</span>`).join(' ')}</p>`;
  const body =
    r.digests.length === 0
      ? `<p class="muted">${t('No change was noticed after the runs of this period.')}</p>`
      : r.digests.map(digestBlock).join('');
  return section(
    'alerts',
    'Changes noticed after each run',
    kinds + body,
    `${plural(r.alertsTotal, 'change')} noticed in the period${r.digests.length >= REPORT_DIGESTS ? `; the latest ${plural(r.digests.length, 'run')} shown, your brand first (the spreadsheet lists them all)` : ''}. Each run is compared with the one before; a steady slide or rise is looked for over the last runs.`,
  );
}

function answerCard(a: ReportAnswer, labels: ClientReport['labels']): string {
  const sources = a.sources
    .map((s) => `<li>${link(s.url, s.title ?? s.url)} <span class="domain">${t(s.domain)}</span></li>`)
    .join('');
  return [
    '<article class="answer">',
    `<div class="answer-meta">${t(longDate(a.date))} · ${t(engineName(a.engine, labels))} · ${t(locationName(a.location))}${a.sandbox ? ' · synthetic' : ''}</div>`,
    `<div class="prompt">${t(a.prompt)}</div>`,
    a.excerpt ? `<blockquote>${t(a.excerpt)}</blockquote>` : '<p class="muted">No answer text.</p>',
    a.brandsNamed.length ? `<div class="sub">Names: ${t(a.brandsNamed.join(', '))}</div>` : '',
    sources ? `<div class="sub">Sources:</div><ol class="sources">${sources}</ol>` : '',
    '</article>',
  ].join('');
}

function evidenceGroup(e: ReportEvidence, labels: ClientReport['labels']): string {
  return [
    `<div class="evidence" data-kind="${e.kind}">`,
    `<h3>${t(e.title)}</h3>`,
    `<p class="note">${t(`${e.total.toLocaleString('en')} answer${e.total === 1 ? '' : 's'} in the period; the latest ${e.answers.length}:`)}</p>`,
    e.answers.map((a) => answerCard(a, labels)).join(''),
    '</div>',
  ].join('');
}

export function evidenceSection(r: ClientReport): string {
  if (!r.focus) return '';
  return section(
    'evidence',
    'The answers behind the findings',
    r.evidence.length === 0
      ? `<p class="muted">No answer in the period names a competitor without ${t(r.focus.name)}.</p>`
      : r.evidence.map((e) => evidenceGroup(e, r.labels)).join(''),
    'Excerpts of the engines’ answers, shown as plain text.',
  );
}
