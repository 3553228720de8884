import type { PositioningBuckets, PositioningSummary } from '../../../../shared/positioning/view-types';
import { judgeAgreementLine } from '../../../../shared/positioning/judge-agreement';
import { usePositioningStore } from '../../stores/positioning-store';
import { useRescoreDialogStore } from '../../stores/rescore-dialog-store';
import { queryOf, useVisibilityStore } from '../../stores/visibility-store';
import { AttributeChips } from './AttributeChips';
import { AttributeGaps } from './AttributeGaps';
import { BrandRowHeader } from './BrandRowHeader';
import { ChangeBadge } from './ChangeBadge';
import { formatN, formatRate } from './format';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';
import { brandColors } from '../../../../shared/visibility/brand-colors';
import { formatSentiment } from '../../lib/positioning-format';
import { SentimentTrend, type SentimentPoint } from './SentimentTrend';
import { StatusMixBar } from './StatusMixBar';

/** Each brand's net sentiment by day, oldest first (none while the days are loading or failed). */
function tonesByBrand(trend: PositioningBuckets | null): Map<string, SentimentPoint[]> {
  const out = new Map<string, SentimentPoint[]>();
  for (const row of trend?.rows ?? []) {
    const day = row.bucket.day;
    if (day === undefined) continue;
    const list = out.get(row.brandId) ?? [];
    list.push({ day, net: row.netSentiment });
    out.set(row.brandId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.day.localeCompare(b.day));
  return out;
}

function PositioningTable({ data, trend }: { data: PositioningSummary; trend: PositioningBuckets | null }) {
  const brands = new Map(data.brands.map((b) => [b.id, b]));
  const colors = brandColors(data.brands);
  const tones = tonesByBrand(trend);
  // Every brand drawn whole: a box scrolling inside the view's own scroll hides rows without a sign.
  return (
    <div className="vis-table-scroll vis-table-full">
      <table className="table vis-table pos-table" aria-label="Positioning by brand">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <th scope="col">Status mix (answers naming it)</th>
            <th scope="col">Recommendation rate (change)</th>
            <th scope="col">Net sentiment (change)</th>
            <th scope="col">Tone by day</th>
            <th scope="col">Top attributes</th>
          </tr>
        </thead>
        <tbody>
          {data.leaderboard.map((m) => {
            const brand = brands.get(m.brandId);
            const name = brand?.name ?? m.brandId;
            const focus = m.brandId === data.focusBrandId;
            return (
              <tr key={m.brandId} className={focus ? 'vis-focus-row' : undefined}>
                <BrandRowHeader brandId={m.brandId} brand={brand} focus={focus}>
                  <div className="muted small">{formatN(m.n)}</div>
                </BrandRowHeader>
                <td className="pos-mix-cell">
                  <StatusMixBar counts={m.statusCounts} />
                </td>
                <td>
                  {formatRate(m.recommendationRate)}{' '}
                  <ChangeBadge change={m.change.recommendationRate} kind="rate" compact />
                </td>
                <td>
                  {formatSentiment(m.netSentiment)}{' '}
                  <ChangeBadge change={m.change.netSentiment} kind="score" compact />
                </td>
                <td>
                  <SentimentTrend
                    points={tones.get(m.brandId) ?? []}
                    period={data.period}
                    name={name}
                    color={colors.get(m.brandId)}
                  />
                </td>
                <td>
                  <AttributeChips attributes={m.topAttributes} name={name} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** How far the built-in judge's readings can be trusted (nothing for a model judge: not measured). */
function JudgeAgreementNote({ judgeId }: { judgeId: string }) {
  const line = judgeAgreementLine(
    judgeId,
    'A model judge can score answers in that style (Settings → Positioning judge).',
  );
  return line === null ? null : <p className="muted small pos-judge-agreement">{line}</p>;
}

/**
 * How the engines present each tracked brand over the view's filters: the status mix, net
 * sentiment (and its days) and top attributes per brand (focus first), every number with its interval and n,
 * counted from the positioning roll-ups (fast at a million answers).
 */
export function PositioningPanel() {
  const state = usePositioningStore((s) => s.summary);
  const trend = usePositioningStore((s) => s.trend.data);
  const load = usePositioningStore((s) => s.load);
  const running = usePositioningStore((s) => s.rescore !== null && !s.rescore.paused);
  const showRescore = useRescoreDialogStore((s) => s.show);
  const filters = useVisibilityStore((s) => s.filters);
  return (
    <Panel
      id="vis-positioning"
      title="Positioning"
      state={state}
      onRetry={() => void load(queryOf(filters))}
      className="vis-wide"
      reserve={PANEL_RESERVE.positioning}
      actions={
        <button
          type="button"
          className="small"
          disabled={running}
          title="Judge the stored answers again with the built-in judge or your model (estimate first)"
          onClick={() => void showRescore()}
        >
          Re-score history…
        </button>
      }
    >
      {(data) => (
        <>
          <p className="muted small">
            How the answers naming each brand present it: top pick, recommended, merely mentioned or
            cautioned; tone as net sentiment (share positive − share negative, −1 to +1); the qualities they
            attach to it. Judge: {data.judge.id}. Intervals are 95 %; n.s. = not significant.
          </p>
          <JudgeAgreementNote judgeId={data.judge.id} />
          {data.notJudged.note !== null && (
            <p className="muted small pos-not-judged" role="note">
              {data.notJudged.note}.
            </p>
          )}
          <PositioningTable data={data} trend={trend} />
          <AttributeGaps brands={data.brands} />
        </>
      )}
    </Panel>
  );
}
