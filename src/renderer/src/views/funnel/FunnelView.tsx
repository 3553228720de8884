import { useEffect } from 'react';
import { funnelSourceNote } from '../../../../shared/funnel/source-note';
import type { FunnelSource, FunnelView as Funnel } from '../../../../shared/funnel/types';
import { RateWithN } from '../../components/RateWithN';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { useFunnelSharingStore } from '../../stores/funnel-sharing-store';
import { useFunnelStore } from '../../stores/funnel-store';
import { useSyncStore } from '../../stores/sync-store';
import { engineLabel } from '../visibility/format';

const PRESET_DAYS = [7, 30, 90] as const;
const SOURCES: ReadonlyArray<[FunnelSource | '', string]> = [
  ['', 'Mine if imported, else the team’s'],
  ['mine', 'This computer’s imports'],
  ['team', 'Shared by teammates'],
  ['all', 'Both, one source per site'],
];

function EnginesTable({ data }: { data: Funnel }) {
  return (
    <table className="table vis-table" aria-label="Funnel by engine">
      <thead>
        <tr>
          <th scope="col">Engine</th>
          <th scope="col">Crawled hits</th>
          <th scope="col">Pages crawled</th>
          <th scope="col">Cited answers</th>
          <th scope="col">Citation rate</th>
          <th scope="col">Referred sessions</th>
          <th scope="col">Key events</th>
        </tr>
      </thead>
      <tbody>
        {data.engines.map((e) => (
          <tr key={e.engine}>
            <th scope="row">{engineLabel(e.engine)}</th>
            <td>{e.crawledHits}</td>
            <td>{e.crawledPages}</td>
            <td>{e.citedAnswers}</td>
            <td>
              <RateWithN rate={e.citationRate} />
            </td>
            <td>{e.referredSessions}</td>
            <td>{e.keyEvents}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PagesTable({ data }: { data: Funnel }) {
  return (
    <table className="table vis-table" aria-label="Funnel by page">
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Crawled hits</th>
          <th scope="col">Cited answers</th>
          <th scope="col">Referred sessions</th>
          <th scope="col">Key events</th>
          <th scope="col">Where it falls out</th>
        </tr>
      </thead>
      <tbody>
        {data.pages.map((p) => (
          <tr key={p.url}>
            <th scope="row">{p.url}</th>
            <td>{p.crawledHits}</td>
            <td>{p.citedAnswers}</td>
            <td>{p.referredSessions}</td>
            <td>{p.keyEvents}</td>
            <td className="small">{p.notes.length === 0 ? '—' : p.notes.join(' ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeeksTable({ data }: { data: Funnel }) {
  return (
    <table className="table vis-table" aria-label="Funnel by week">
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col">Crawled hits</th>
          <th scope="col">Cited answers</th>
          <th scope="col">Citation rate</th>
          <th scope="col">Referred sessions</th>
          <th scope="col">Key events</th>
        </tr>
      </thead>
      <tbody>
        {data.weeks.map((w) => (
          <tr key={w.week}>
            <th scope="row">{w.week}</th>
            <td>{w.crawledHits}</td>
            <td>{w.citedAnswers}</td>
            <td>
              <RateWithN rate={w.citationRate} />
            </td>
            <td>{w.referredSessions}</td>
            <td>{w.keyEvents}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel vis-panel" aria-labelledby={`${id}-heading`}>
      <header className="vis-panel-header">
        <h2 id={`${id}-heading`}>{title}</h2>
      </header>
      <div className="vis-table-scroll">{children}</div>
    </section>
  );
}

/** Where the numbers stay: on this computer, unless the workspace shares its daily totals. */
function Privacy() {
  const { sharing, load } = useFunnelSharingStore();
  useEffect(() => {
    void load();
  }, [load]);
  if (sharing === null) return null;
  return (
    <p className="muted small">
      {sharing.aggregates
        ? 'Your logs and analytics rows stay on this computer; this workspace shares only its daily totals per engine and page with the team (Settings → What leaves this computer).'
        : 'Your logs, analytics rows and these totals stay on this computer (Settings → What leaves this computer).'}
    </p>
  );
}

/** A team server's or a thread's message cut to one plain line: its first line, at most 200 characters. */
function oneLine(message: string): string {
  const first = (message.split(/\r?\n/u)[0] ?? '').trim();
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
}

/**
 * When the last sync could not share this computer's totals with the team: refused by the team
 * server (its caps or checks) or not computed here. Nothing otherwise.
 */
function ShareOutcome() {
  const shared = useSyncStore((s) => s.status?.last?.funnelDays ?? null);
  if (shared === null) return null;
  let text: string | null = null;
  if (shared.refused !== null)
    text = `The team server refused this computer’s funnel totals at the last sync, so teammates do not see them: ${oneLine(shared.refused)}`;
  else if (shared.failed)
    text =
      'This computer’s funnel totals could not be computed at the last sync, so none were shared with the team; the next sync tries again.';
  if (text === null) return null;
  return (
    <p className="warning small" role="status" aria-label="Sharing with the team">
      {text}
    </p>
  );
}

/** Whose crawler and traffic figures these are, with the sharers' sync times as of now. */
function SourceLine({ data, now = Date.now }: { data: Funnel; now?: () => number }) {
  return (
    <p className="muted" aria-label="Whose figures">
      {funnelSourceNote(data, now())}
    </p>
  );
}

function SourcePicker() {
  const { source, setSource } = useFunnelStore();
  return (
    <label>
      Figures
      <select
        value={source ?? ''}
        onChange={(e) => setSource(e.target.value === '' ? null : (e.target.value as FunnelSource))}
      >
        {SOURCES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The funnel per engine, page and week: crawled (the site's logs) → cited (the answers) →
 * referred and converted (analytics), with the pages that fall out named, and what it cannot know.
 */
export function FunnelView() {
  const { data, loading, error, days, load, setDays } = useFunnelStore();
  // A background sync that brought or removed teammates' shared totals: the figures are read again.
  const sharedChanged = useSyncStore((s) => {
    const shared = s.status?.last?.sharedFunnel;
    return shared && (shared.pulled > 0 || shared.removed > 0) ? s.status?.lastSyncedAt : null;
  });
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (sharedChanged) void load();
  }, [load, sharedChanged]);
  return (
    <section aria-labelledby="funnel-heading" className="view">
      <div className="row vis-title">
        <h1 id="funnel-heading">Funnel</h1>
        <label>
          Period
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PRESET_DAYS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
        <SourcePicker />
      </div>
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      {loading && data === null && <Loading />}
      {data?.empty && <Empty>{data.empty}</Empty>}
      {data && <SourceLine data={data} />}
      <ShareOutcome />
      {data && data.empty === null && (
        <>
          <p className="muted">
            Crawled: verified hits of each engine’s agents in the site’s logs. Cited: answers citing{' '}
            {data.brand ? `${data.brand}’s` : 'your brand’s'} pages, of the answers asked. Referred and key
            events: from the site’s analytics.
          </p>
          <Section id="funnel-engines" title="By engine">
            <EnginesTable data={data} />
          </Section>
          <Section id="funnel-pages" title="By page">
            <PagesTable data={data} />
          </Section>
          <Section id="funnel-weeks" title="By week">
            <WeeksTable data={data} />
          </Section>
          <ul className="muted small" aria-label="What the funnel cannot know">
            {data.caveats.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Privacy />
        </>
      )}
    </section>
  );
}
