// The read-ahead role of the judge threads (positioning-worker.ts), loaded by a dynamic import
// only in that role: it names just what the role runs, so the thread loads the team's reading
// side and PostgreSQL's driver when it reads ahead, never when it judges.
export { runReadAhead } from '../../team';
