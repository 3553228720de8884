import type { UrlsView } from '../../../../shared/visibility/types';
import { ExternalLink } from '../../components/ExternalLink';
import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';

/** Cited URLs: a URL opens the answers citing it; the ↗ link opens the page in the browser. */
export function UrlTable({ view, label }: { view: UrlsView; label: string }) {
  const drill = useVisibilityStore((s) => s.drill);
  return (
    <div className="vis-table-scroll">
      <table className="table vis-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Answers citing</th>
            <th scope="col">Best position</th>
          </tr>
        </thead>
        <tbody>
          {view.urls.map((u) => (
            <tr key={u.url}>
              <td className="vis-url">
                <button
                  type="button"
                  className="link-button"
                  title={u.url}
                  onClick={() => void drill({ url: u.url }, `Answers citing ${u.url}`)}
                >
                  {u.title || u.url}
                </button>{' '}
                <ExternalLink href={u.url}>
                  <span aria-hidden="true">↗</span>
                  <span className="visually-hidden">Open {u.url} in the browser</span>
                </ExternalLink>
                <span className="muted small vis-url-text">{u.url}</span>
              </td>
              <td>{formatNumber(u.answers)}</td>
              <td>{u.bestPosition}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
