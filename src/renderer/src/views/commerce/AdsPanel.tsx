import { isEngineName } from '../../../../shared/api/engines';
import type { AdList } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { engineLabel } from '../visibility/format';
import { OpenFigure, OpenRate } from './figures';

/** Advertisers with their ad presence, those that are no tracked brand, and the conquest list. */
export function AdsPanel({ ads }: { ads: AdList }) {
  const drill = useCommerceStore((s) => s.drill);
  return (
    <>
      {ads.advertisers.length === 0 ? (
        <p className="muted">No ads in these answers.</p>
      ) : (
        <div className="vis-table-scroll vis-table-full">
          <table className="table vis-table com-table" aria-label="Advertisers">
            <thead>
              <tr>
                <th scope="col">Advertiser</th>
                <th scope="col">Tracked</th>
                <th scope="col">Ad presence</th>
                <th scope="col">Answers</th>
                <th scope="col">Ad slots</th>
              </tr>
            </thead>
            <tbody>
              {ads.advertisers.map((a) => (
                <tr key={`${a.advertiser}|${a.brandId ?? ''}`}>
                  <th scope="row">{a.advertiser}</th>
                  <td>
                    {a.kind === 'brand'
                      ? 'your brand'
                      : a.kind === 'competitor'
                        ? 'competitor'
                        : 'not tracked'}
                  </td>
                  <td>
                    <OpenRate
                      rate={a.presence}
                      label={`${a.advertiser}'s ads`}
                      onOpen={() =>
                        void drill(
                          { kind: 'advertiser', advertiser: a.advertiser },
                          `Answers showing ${a.advertiser}'s ads`,
                        )
                      }
                    />
                  </td>
                  <td>{formatNumber(a.answers)}</td>
                  <td>{formatNumber(a.slots)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="com-subheading">Conquesting</h3>
      {ads.conquest.length === 0 ? (
        <p className="muted">No competitor advertises on prompts that name a tracked brand.</p>
      ) : (
        <ul className="com-conquest">
          {ads.conquest.map((c) => {
            const where = engineLabel(c.engine);
            return (
              <li key={`${c.brandId}|${c.advertiserId}|${c.engine}`}>
                <OpenFigure
                  label={`${c.advertiser} advertises on prompts naming ${c.brand}, ${where}`}
                  onOpen={() =>
                    void drill(
                      { kind: 'conquest', brandId: c.brandId, advertiserId: c.advertiserId },
                      `${c.advertiser}'s ads on prompts naming ${c.brand}, ${where}`,
                      isEngineName(c.engine) ? { engine: c.engine } : {},
                    )
                  }
                >
                  <strong>{c.advertiser}</strong> advertises on prompts naming <strong>{c.brand}</strong>
                </OpenFigure>{' '}
                <span className="muted">
                  on {where}: {formatNumber(c.answers)} answers, {formatNumber(c.slots)} ad slots
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
