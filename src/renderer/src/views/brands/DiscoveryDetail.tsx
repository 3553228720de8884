import { useState } from 'react';
import type { DiscoveryCandidate } from '../../../../shared/analytics/discovery-types';
import { useBrandsStore } from '../../stores/brands-store';
import { useDiscoveryStore } from '../../stores/discovery-store';
import { useNavStore } from '../../stores/nav-store';
import { DiscoveryAcceptForm } from './DiscoveryAcceptForm';
import { originLabel } from './discovery-format';
import { formatDate, plural } from '../../lib/format';

/** A chosen name: example answers (open in Compare), variants, proposed domains and the decisions. */
export function DiscoveryDetail({ candidate: c }: { candidate: DiscoveryCandidate }) {
  const { busy, dismiss, restore, merge } = useDiscoveryStore();
  const brands = useBrandsStore((s) => s.brands) ?? [];
  const openResultSet = useNavStore((s) => s.openResultSet);
  const [accepting, setAccepting] = useState(false);
  const [mergeInto, setMergeInto] = useState('');
  const working = busy === c.key;

  const openExamples = (): void =>
    openResultSet({
      title: `Answers naming ${c.name}`,
      resultIds: c.examples.map((e) => e.resultId),
      total: c.answers,
    });

  return (
    <section className="discovery-detail" aria-label={`Details of ${c.name}`}>
      <h3>{c.name}</h3>
      <p className="muted">
        Named in {plural(c.answers, 'answer')}
        {c.previousAnswers > 0 ? ` (${c.previousAnswers} in the previous period)` : ''}; from{' '}
        {c.origins.map(originLabel).join(', ') || '–'}.
      </p>
      <div className="discovery-columns">
        <div>
          <h4>Example answers</h4>
          {c.examples.length === 0 && <p className="muted">None in this period.</p>}
          <ul className="discovery-examples">
            {c.examples.map((e) => (
              <li key={e.resultId}>
                <button type="button" className="link-like" onClick={openExamples}>
                  {formatDate(e.day)} · {e.engine} · {e.location}
                </button>
                <span className="discovery-snippet">{e.snippet}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>Variants seen</h4>
          <p>{c.aliases.join(', ') || '–'}</p>
          <h4>Cited with it</h4>
          {c.domains.length === 0 ? (
            <p className="muted">No domain goes with it more than with other answers.</p>
          ) : (
            <ul className="discovery-domains">
              {c.domains.map((d) => (
                <li key={d.domain}>
                  {d.domain}{' '}
                  <span className="muted">
                    {d.labelMatch ? 'its name' : `lift ${d.lift.toFixed(1)}`} · {plural(d.answers, 'answer')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="row">
        {!c.dismissed && (
          <button type="button" className="primary" disabled={working} onClick={() => setAccepting(true)}>
            Accept {c.name}…
          </button>
        )}
        {c.dismissed ? (
          <button type="button" disabled={working} onClick={() => void restore(c.key)}>
            Restore {c.name}
          </button>
        ) : (
          <button type="button" disabled={working} onClick={() => void dismiss(c.key)}>
            Dismiss {c.name}
          </button>
        )}
        {brands.length > 0 && (
          <>
            <label>
              Merge into{' '}
              <select
                value={mergeInto}
                onChange={(e) => setMergeInto(e.target.value)}
                aria-label="Merge into brand"
              >
                <option value="">Choose a brand…</option>
                {brands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              disabled={working || mergeInto === ''}
              onClick={() => void merge(c.key, mergeInto)}
            >
              Merge
            </button>
          </>
        )}
      </div>
      {accepting && <DiscoveryAcceptForm candidate={c} onDone={() => setAccepting(false)} />}
    </section>
  );
}
