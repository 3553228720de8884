import type { NormalizedSource } from '../../../../shared/domain/result';
import { sourceDomainKey } from '../../lib/overlap';
import { ExternalLink } from '../../components/ExternalLink';

/** A column's sources; domains cited by several columns are marked with how many. */
export function SourcesList({
  sources,
  sharedCounts,
  columns,
}: {
  sources: NormalizedSource[];
  sharedCounts: Map<string, number>;
  columns: number;
}) {
  if (sources.length === 0) return <p className="muted">No sources.</p>;
  return (
    <ol className="sources">
      {sources.map((s, i) => {
        const shared = sharedCounts.get(sourceDomainKey(s)) ?? 0;
        return (
          <li key={`${s.kind}-${s.position}-${i}`} className={shared > 1 ? 'shared' : undefined}>
            <ExternalLink href={s.url}>{s.title ?? s.url}</ExternalLink>
            <span className="domain">{s.domain}</span>
            {shared > 1 && (
              <span className="badge badge-shared" title={`Cited in ${shared} of ${columns} columns`}>
                shared {shared}/{columns}
              </span>
            )}
            <span className="muted small"> {s.kind}</span>
          </li>
        );
      })}
    </ol>
  );
}
