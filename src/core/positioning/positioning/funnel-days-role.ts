// The funnel totals' role of the judge threads' script (positioning-worker.ts), loaded by a
// dynamic import only in that role: the thread loads the history and the funnel's roll-up,
// never the judge.
export { runFunnelDays } from '../../team';
