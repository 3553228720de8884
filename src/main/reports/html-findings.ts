import type { AlertView } from '../../shared/alerts/types';
import { REPORT_ALERTS_SHOWN } from './collect';
import { alertKindName, engineName, isoDateTime, locationName } from './format';
import { link, section, t, table } from './html-parts';
import type { ClientReport, ReportAnswer, ReportEvidence } from './types';

// The report's findings: the alerts raised in the period and the answers behind the key
// findings. Engine text (prompts, excerpts, source titles and URLs) is escaped throughout and
// sources are plain http(s) links or text.

export function alertsSection(r: ClientReport): string {
  const shown = r.alerts.slice(0, REPORT_ALERTS_SHOWN);
  const kinds =
    r.alertKinds.length === 0
      ? ''
      : `<p class="kinds">${r.alertKinds.map((k) => `<span class="tag">${t(`${alertKindName(k.kind)}: ${k.count.toLocaleString('en')}`)}</span>`).join(' ')}</p>`;
  return section(
    'alerts',
    'Alerts',
    kinds +
      table<AlertView>(
        'Alerts',
        [
          { head: 'Raised', cell: (a) => t(isoDateTime(a.createdAt)), className: 'nowrap' },
          { head: 'Kind', cell: (a) => t(alertKindName(a.kind)) },
          { head: 'What changed', cell: (a) => t(a.summary) },
          { head: 'Prompt', cell: (a) => t(a.prompt ?? 'all prompts (pooled)') },
          { head: 'Engine', cell: (a) => t(a.engine ? engineName(a.engine) : '–'), className: 'nowrap' },
          { head: 'Location', cell: (a) => t(a.loc ? locationName(a.loc) : '–') },
        ],
        shown,
        'No change alerts were raised for this monitor in the period.',
      ),
    `${r.alertsTotal.toLocaleString('en')} alert${r.alertsTotal === 1 ? '' : 's'} raised in the period${shown.length < r.alertsTotal ? `; ${shown.length} listed, whole-monitor changes first (the XLSX lists them all)` : ''}. Each run is compared with the monitor's previous run; with repeats, a change is an alert only when the two runs' 95 % intervals do not overlap.`,
  );
}

function answerCard(a: ReportAnswer): string {
  const sources = a.sources
    .map((s) => `<li>${link(s.url, s.title ?? s.url)} <span class="domain">${t(s.domain)}</span></li>`)
    .join('');
  return [
    '<article class="answer">',
    `<div class="answer-meta">${t(a.date)} · ${t(engineName(a.engine))} · ${t(locationName(a.location))}${a.sandbox ? ' · synthetic' : ''}</div>`,
    `<div class="prompt">${t(a.prompt)}</div>`,
    a.excerpt ? `<blockquote>${t(a.excerpt)}</blockquote>` : '<p class="muted">No answer text.</p>',
    a.brandsNamed.length ? `<div class="sub">Names: ${t(a.brandsNamed.join(', '))}</div>` : '',
    sources ? `<div class="sub">Sources:</div><ol class="sources">${sources}</ol>` : '',
    '</article>',
  ].join('');
}

function evidenceGroup(e: ReportEvidence): string {
  return [
    `<div class="evidence" data-kind="${e.kind}">`,
    `<h3>${t(e.title)}</h3>`,
    `<p class="note">${t(`${e.total.toLocaleString('en')} answer${e.total === 1 ? '' : 's'} in the period; the latest ${e.answers.length}:`)}</p>`,
    e.answers.map(answerCard).join(''),
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
      : r.evidence.map(evidenceGroup).join(''),
    'Excerpts of the engines’ answers, shown as plain text.',
  );
}
