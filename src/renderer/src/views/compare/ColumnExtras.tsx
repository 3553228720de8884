import type { NormalizedResult } from '../../../../shared/domain/result';
import type { BrandMatcher } from '../../../../shared/analytics/brand-matcher';
import { adBlockOf, adMarked, productMarked } from '../../../../shared/commerce';
import { useNavStore } from '../../stores/nav-store';
import { ExternalLink } from '../../components/ExternalLink';
import { SafeMarkdown } from '../../components/SafeMarkdown';

/** AI overview, shopping cards, ads, entities and People Also Ask, each only where present. */
export function ColumnExtras({
  result,
  matcher,
}: {
  result: NormalizedResult;
  matcher: BrandMatcher | null;
}) {
  // A Commerce number's answers: the products or ads it counts are marked.
  const mark = useNavStore((s) => s.resultSet?.highlight);
  return (
    <>
      {result.aiOverview && result.engine !== 'search-ai' && result.aiOverview.text !== result.text && (
        <section className="extra">
          <h4>AI overview</h4>
          <SafeMarkdown markdown={result.aiOverview.markdown ?? result.aiOverview.text} matcher={matcher} />
        </section>
      )}
      {result.products.length > 0 && (
        <section className="extra">
          <h4>Shopping ({result.products.length})</h4>
          <ul className="cards">
            {result.products.map((p) => (
              <li
                key={`${p.origin}-${p.position}`}
                className={productMarked(p, mark) ? 'card com-marked' : 'card'}
                aria-current={productMarked(p, mark) ? 'true' : undefined}
              >
                <strong>
                  <ExternalLink href={p.url}>{p.title}</ExternalLink>
                </strong>
                <span>{[p.brand, p.merchant].filter(Boolean).join(' · ')}</span>
                <span>
                  {p.price ?? ''} {p.rating !== null ? `★ ${p.rating}` : ''}{' '}
                  {p.reviews !== null ? `(${p.reviews})` : ''}
                </span>
                {p.offers.length > 0 && <span className="muted small">{p.offers.length} offers</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.ads.length > 0 && (
        <section className="extra">
          <h4>Ads ({result.ads.length})</h4>
          <ul>
            {result.ads.map((a) => (
              <li
                key={a.position}
                className={adMarked(a, mark) ? 'com-marked' : undefined}
                aria-current={adMarked(a, mark) ? 'true' : undefined}
              >
                <span className="muted small">
                  Ad {a.position}
                  {adBlockOf(a) ? ` · ${adBlockOf(a)} block` : ''}
                </span>{' '}
                <ExternalLink href={a.url}>{a.title}</ExternalLink>{' '}
                <span className="muted small">{a.advertiser ?? a.domain ?? ''}</span>
                {a.body && <p className="small">{a.body}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.entities.length > 0 && (
        <section className="extra">
          <h4>Entities</h4>
          <ul className="chips">
            {result.entities.map((e, i) => (
              <li key={`${e.name}-${i}`} className="chip">
                {e.name} <span className="muted small">{e.type}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.peopleAlsoAsk.length > 0 && (
        <section className="extra">
          <h4>People Also Ask</h4>
          <ul>
            {result.peopleAlsoAsk.map((q) => (
              <li key={q.position}>
                <strong>{q.question}</strong>
                {q.snippet && <p className="small">{q.snippet}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.searchQueries.length > 0 && (
        <section className="extra">
          <h4>Search queries</h4>
          <ul>
            {result.searchQueries.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
