import { useVisibilityStore, type LeaderboardBy } from '../../stores/visibility-store';
import { ChoiceToggle } from './ChoiceToggle';
import { EngineLeaderboard } from './EngineLeaderboard';
import { useBrandRefs, useFocusBrand } from './hooks';
import { Leaderboard } from './Leaderboard';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';

/** "Overall | By engine": the leaderboard over every engine, or one column per engine. */
function LeaderboardByToggle() {
  const by = useVisibilityStore((s) => s.leaderboardBy);
  const setBy = useVisibilityStore((s) => s.setLeaderboardBy);
  const choices: ReadonlyArray<[LeaderboardBy, string]> = [
    ['overall', 'Overall'],
    ['engine', 'By engine'],
  ];
  return <ChoiceToggle label="Leaderboard: show" choices={choices} value={by} onChange={setBy} />;
}

/**
 * The brand leaderboard: with its changes over every engine (from the overview), or by engine
 * side by side (its own read, made only while shown).
 */
export function LeaderboardPanel() {
  const by = useVisibilityStore((s) => s.leaderboardBy);
  const overview = useVisibilityStore((s) => s.panels.overview);
  const byEngine = useVisibilityStore((s) => s.panels.byEngine);
  const refresh = useVisibilityStore((s) => s.refresh);
  const brands = useBrandRefs();
  const focus = useFocusBrand();
  const common = {
    id: 'vis-leaderboard',
    title: by === 'engine' ? 'Brands and competitors by engine' : 'Brands and competitors',
    onRetry: refresh,
    className: 'vis-wide',
    reserve: PANEL_RESERVE.leaderboard,
    actions: <LeaderboardByToggle />,
  };
  if (by === 'engine')
    return (
      <Panel {...common} state={byEngine}>
        {(data) => <EngineLeaderboard data={data} brands={brands} focusId={focus?.id ?? null} />}
      </Panel>
    );
  return (
    <Panel {...common} state={overview}>
      {(o) => <Leaderboard overview={o} />}
    </Panel>
  );
}
