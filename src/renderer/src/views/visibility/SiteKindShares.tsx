import { SITE_KIND_LABELS, SITE_KINDS, type SiteKind } from '../../../../shared/visibility/site-kind-names';
import type { SourcesView } from '../../../../shared/visibility/types';
import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';
import { ChangeBadge } from './ChangeBadge';
import { formatN, formatRate } from './format';

/** Each kind of site's share of the citations (a domain counted once per answer), kinds cited only. */
export function SiteKindShares({ data }: { data: SourcesView }) {
  const rows = data.byKind.filter((k) => k.share.k > 0 || k.previousShare.k > 0);
  if (rows.length === 0) return null;
  return (
    <table className="table vis-table vis-kind-shares" aria-label="Sources by kind of site">
      <thead>
        <tr>
          <th scope="col">Kind of site</th>
          <th scope="col">
            Share of citations
            <span className="vis-head-n">{formatN(data.citations)} citations</span>
          </th>
          <th scope="col">Domains</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((k) => (
          <tr key={k.kind}>
            <th scope="row">{SITE_KIND_LABELS[k.kind]}</th>
            <td className="vis-nowrap">{formatRate(k.share)}</td>
            <td>{formatNumber(k.domains)}</td>
            <td>
              <ChangeBadge change={k.change} kind="rate" compact />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A domain's kind of site, changed in place: the analyst's choice wins over the list and the brands. */
export function SiteKindPicker({ domain, kind, own }: { domain: string; kind: SiteKind; own: boolean }) {
  const setSiteKind = useVisibilityStore((s) => s.setSiteKind);
  return (
    <select
      className="small vis-kind-select"
      aria-label={`Kind of site of ${domain}`}
      value={own ? `set:${kind}` : kind}
      onChange={(e) => {
        const value = e.target.value;
        void setSiteKind(domain, value === 'clear' ? null : (value.replace(/^set:/u, '') as SiteKind));
      }}
    >
      {SITE_KINDS.map((k) => (
        <option key={k} value={own && k === kind ? `set:${k}` : k}>
          {SITE_KIND_LABELS[k]}
          {own && k === kind ? ' (set by you)' : ''}
        </option>
      ))}
      {own && <option value="clear">Use the automatic kind</option>}
    </select>
  );
}
