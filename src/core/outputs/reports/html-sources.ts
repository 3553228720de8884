import type { CitationGap, DomainStat, SiteKindShare } from '../../../shared/visibility/types';
import { SITE_KIND_LABELS } from '../../../shared/visibility/site-kinds';
import { plural } from '../../../shared/narrative/words';
import { sourceKindWords } from '../../../shared/narrative/terms';
import { rateChangeText, rateText } from './format';
import { changeCell, section, t, table, type Column } from './html-parts';
import { brandName, inTable, NO_PREVIOUS, rateCol } from './html-sections';
import type { ClientReport } from './types';

// The report's source sections: the top cited domains with their kind of site, the shares of
// citations by kind, and the citation gaps with competitors' own sites apart (the same lists
// as `parallax sources --gaps` and the app's Sources panel).

const changeCol = <R>(get: (r: R) => DomainStat['change']): Column<R> => ({
  head: 'Change',
  cell: (x) => changeCell(inTable(rateChangeText, get(x)), get(x).significant, null),
});

export function sourcesSection(r: ClientReport): string {
  const rows = r.sources.domains;
  return section(
    'sources',
    'Top cited sources',
    table<DomainStat>(
      'Top cited sources',
      [
        {
          head: 'Domain',
          cell: (d) =>
            `${t(d.domain)}${d.brandId ? ` <span class="tag">${t(brandName(r, d.brandId))}</span>` : ''}`,
        },
        { head: 'Kind of site', cell: (d) => t(SITE_KIND_LABELS[d.siteKind]) },
        rateCol('Share of answers citing it', (d) => d.share),
        {
          head: 'Answers',
          cell: (d) => t(`${d.share.k.toLocaleString('en')} of ${d.share.n.toLocaleString('en')}`),
          className: 'num',
        },
        changeCol((d) => d.change),
        { head: 'How it appears', cell: (d) => t(d.kinds.map(sourceKindWords).join(', ')) },
      ],
      rows,
      'No answer cited a source in this period.',
    ),
    `The ${rows.length} domains cited in the most of the ${r.sources.answers.toLocaleString('en')} answers, with the change of that share against the previous period; ${NO_PREVIOUS}`,
  );
}

export function siteKindsSection(r: ClientReport): string {
  const s = r.sources;
  const rows = s.byKind.filter((k) => k.share.k > 0 || k.previousShare.k > 0);
  return section(
    'source-kinds',
    'Sources by kind of site',
    table<SiteKindShare>(
      'Sources by kind of site',
      [
        { head: 'Kind of site', cell: (k) => t(SITE_KIND_LABELS[k.kind]) },
        rateCol('Share of citations', (k) => k.share),
        {
          head: 'Citations',
          cell: (k) => t(`${k.share.k.toLocaleString('en')} of ${k.share.n.toLocaleString('en')}`),
          className: 'num',
        },
        { head: 'Domains', cell: (k) => t(k.domains.toLocaleString('en')), className: 'num' },
        changeCol((k) => k.change),
      ],
      rows,
      'No answer cited a source in this period.',
    ),
    `Each cited domain counted once per answer (${plural(s.citations, 'citation')} in the period). Own and competitor sites are the tracked brands' domains; the other kinds come from a list of well-known sites and any kinds set by hand. ${NO_PREVIOUS}`,
  );
}

function gapTable(r: ClientReport, label: string, rows: readonly CitationGap[], empty: string): string {
  return table<CitationGap>(
    label,
    [
      { head: 'Domain', cell: (x) => t(x.domain) },
      { head: 'Kind of site', cell: (x) => t(SITE_KIND_LABELS[x.siteKind]) },
      {
        head: 'Answers citing it',
        cell: (x) => t(`${x.gapAnswers.k.toLocaleString('en')} (${rateText(x.gapAnswers)})`),
        className: 'num',
      },
      {
        head: 'Competitors named there',
        cell: (x) => t(x.competitors.map((c) => `${brandName(r, c.brandId)} (${c.answers})`).join(', ')),
      },
    ],
    rows,
    empty,
  );
}

export function gapsSection(r: ClientReport): string {
  if (!r.gaps || !r.focus) return '';
  const g = r.gaps;
  const focus = r.focus.name;
  const partial =
    g.partialGaps.length > 0
      ? ` ${plural(g.partialGaps.length, 'more site')} ${g.partialGaps.length === 1 ? 'is' : 'are'} also cited in answers naming ${focus} (partial gaps, not listed).`
      : '';
  const body = [
    gapTable(r, 'Citation gaps', g.gaps, g.empty ?? 'No citation gaps in this period.'),
    g.competitorSites.length > 0
      ? `<h3>${t('Competitors’ own sites')}</h3>${gapTable(r, 'Competitors’ own sites', g.competitorSites, '')}`
      : '',
  ].join('');
  return section(
    'gaps',
    'Citation gaps',
    body,
    `Websites cited in at least ${g.minAnswers} of the ${g.gapAnswers.toLocaleString('en')} answers that name a competitor but not ${focus}, and in no answer that names ${focus}; competitors' own sites are listed apart.${partial}`,
  );
}
