import type { SourcesView, VisibilityBrandRef } from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';
import { ChangeBadge } from './ChangeBadge';
import { formatN, formatRate, sharedN } from './format';
import { useBrandRefs } from './hooks';
import { Panel } from './Panel';
import { SiteKindPicker, SiteKindShares } from './SiteKindShares';
import { PANEL_RESERVE } from './panel-reserve';
import { Sparkline } from './Sparkline';
import { UrlTable } from './UrlTable';

function DomainTable({ data, brands }: { data: SourcesView; brands: VisibilityBrandRef[] }) {
  const drill = useVisibilityStore((s) => s.drill);
  const domain = useVisibilityStore((s) => s.domain);
  const openDomain = useVisibilityStore((s) => s.openDomain);
  const names = new Map(brands.map((b) => [b.id, b]));
  const n = sharedN(data.domains.map((d) => d.share.n));
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table" aria-label="Cited domains">
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Kind of site</th>
            <th scope="col">
              Share of answers citing
              {n !== null && <span className="vis-head-n">{formatN(n)} answers</span>}
            </th>
            <th scope="col">Change</th>
            <th scope="col">Trend</th>
            <th scope="col">
              <span className="visually-hidden">Pages</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.domains.map((d) => {
            const owner = d.brandId ? names.get(d.brandId) : undefined;
            return (
              <tr key={d.domain} className={domain === d.domain ? 'vis-selected-row' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void drill({ domain: d.domain }, `Answers citing ${d.domain}`)}
                  >
                    {d.domain}
                  </button>
                  {/* A domain one of the brands lists (its own site): named next to it, not in a column of blanks. */}
                  {owner && (
                    <>
                      {' '}
                      <span className={`badge badge-${owner.kind}`}>{owner.name}</span>
                    </>
                  )}
                </th>
                <td>
                  <SiteKindPicker domain={d.domain} kind={d.siteKind} own={d.siteKindSource === 'override'} />
                </td>
                <td className="vis-nowrap">
                  {formatRate(d.share)}
                  {n === null && <span className="muted small"> {formatN(d.share.n)}</span>}
                </td>
                <td>
                  <ChangeBadge change={d.change} kind="rate" compact />
                </td>
                <td>
                  <Sparkline trend={d.trend} period={data.period} />
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    aria-label={`Pages of ${d.domain}`}
                    aria-expanded={domain === d.domain}
                    aria-controls="vis-domain-urls"
                    onClick={() => openDomain(domain === d.domain ? null : d.domain)}
                  >
                    Pages
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DomainUrls() {
  const domain = useVisibilityStore((s) => s.domain);
  const state = useVisibilityStore((s) => s.panels.domainUrls);
  const openDomain = useVisibilityStore((s) => s.openDomain);
  if (domain === null) return null;
  return (
    <div id="vis-domain-urls">
      <Panel
        id="vis-domain-urls-panel"
        title={`Pages of ${domain}`}
        state={state}
        onRetry={() => openDomain(domain)}
        className="vis-nested"
        actions={
          <button
            type="button"
            className="small"
            aria-label={`Close the pages of ${domain}`}
            onClick={() => openDomain(null)}
          >
            Close
          </button>
        }
      >
        {(view) => <UrlTable view={view} label={`Pages of ${domain}`} />}
      </Panel>
    </div>
  );
}

/** "Show more domains" when the panel holds as many as it asked for (there may be more). */
function MoreDomains({ shown }: { shown: number }) {
  const limit = useVisibilityStore((s) => s.sourcesLimit);
  const loading = useVisibilityStore((s) => s.panels.sources.loading);
  const showMore = useVisibilityStore((s) => s.showMoreSources);
  if (shown < limit || limit >= 500) return null;
  return (
    <p className="row tight small">
      <span className="muted">The {shown} most cited domains.</span>
      <button type="button" className="small" disabled={loading} onClick={showMore}>
        Show more domains
      </button>
    </p>
  );
}

/** The domains the engines cite, with their kind of site, share, change, daily trend and owning brand; shares by kind above. */
export function SourcesPanel() {
  const state = useVisibilityStore((s) => s.panels.sources);
  const refresh = useVisibilityStore((s) => s.refresh);
  const kindError = useVisibilityStore((s) => s.siteKindError);
  const brands = useBrandRefs();
  return (
    <Panel
      id="vis-sources"
      title="Cited domains"
      state={state}
      onRetry={refresh}
      className="vis-wide"
      reserve={PANEL_RESERVE.sources}
    >
      {(data) => (
        <>
          <SiteKindShares data={data} />
          {kindError && (
            <p className="error small" role="alert">
              {kindError.message}
            </p>
          )}
          <DomainTable data={data} brands={brands} />
          <MoreDomains shown={data.domains.length} />
          <DomainUrls />
        </>
      )}
    </Panel>
  );
}
