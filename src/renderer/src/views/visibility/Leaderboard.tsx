import type { VisibilityOverview } from '../../../../shared/visibility/types';
import { BrandRowHeader } from './BrandRowHeader';
import { ChangeBadge } from './ChangeBadge';
import { formatN, meanInterval, meanValue, rateInterval, rateValue, sharedN } from './format';

/** "24 %" with its interval muted, and its n when the column has no common one; never wraps. */
function Figure({ value, interval, n }: { value: string; interval: string; n: number | null }) {
  return (
    <span className="vis-figure">
      <strong>{value}</strong>
      {interval && <span className="vis-interval"> {interval}</span>}
      {n !== null && <span className="vis-n"> {formatN(n)}</span>}
    </span>
  );
}

/** A column header, with the n every row of the column shares ("n = 7,200 answers"). */
function Head({ label, n, what }: { label: string; n: number | null; what?: string }) {
  return (
    <th scope="col">
      {label}
      {n !== null && (
        <span className="vis-head-n">
          {formatN(n)}
          {what ? ` ${what}` : ''}
        </span>
      )}
    </th>
  );
}

/** A change column's header: "Change" on screen, what it is the change of for screen readers. */
function ChangeHead({ of }: { of: string }) {
  return (
    <th scope="col" className="vis-change-col">
      Change<span className="visually-hidden"> in {of}</span>
    </th>
  );
}

/**
 * Every tracked brand (focus first, then by mention rate) over the period, with changes. A
 * sample size every row shares (the answers of the period, the brand mentions) is written once
 * in the column's header; figures and badges never wrap.
 */
export function Leaderboard({ overview }: { overview: VisibilityOverview }) {
  const names = new Map(overview.brands.map((b) => [b.id, b]));
  const rows = overview.leaderboard;
  const mentionN = sharedN(rows.map((m) => m.mentionRate.n));
  const voiceN = sharedN(rows.map((m) => m.shareOfVoice.n));
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table vis-leaderboard" aria-label="Brand leaderboard">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <Head label="Mention rate" n={mentionN} what="answers" />
            <ChangeHead of="mention rate" />
            <Head label="Share of voice" n={voiceN} what="mentions" />
            <ChangeHead of="share of voice" />
            <Head label="Avg position" n={null} />
            <ChangeHead of="average position" />
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => {
            const focus = m.brandId === overview.focusBrandId;
            return (
              <tr key={m.brandId} className={focus ? 'vis-focus-row' : undefined}>
                <BrandRowHeader brandId={m.brandId} brand={names.get(m.brandId)} focus={focus} />
                <td>
                  <Figure
                    value={rateValue(m.mentionRate)}
                    interval={rateInterval(m.mentionRate)}
                    n={mentionN === null ? m.mentionRate.n : null}
                  />
                </td>
                <td>
                  <ChangeBadge change={m.change.mentionRate} kind="rate" compact />
                </td>
                <td>
                  <Figure
                    value={rateValue(m.shareOfVoice)}
                    interval={rateInterval(m.shareOfVoice)}
                    n={voiceN === null ? m.shareOfVoice.n : null}
                  />
                </td>
                <td>
                  <ChangeBadge change={m.change.shareOfVoice} kind="rate" compact />
                </td>
                <td>
                  <Figure
                    value={meanValue(m.avgPosition)}
                    interval={meanInterval(m.avgPosition)}
                    n={m.avgPosition.n}
                  />
                </td>
                <td>
                  <ChangeBadge change={m.change.avgPosition} kind="position" compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
