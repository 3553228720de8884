import { newestSeed } from '../sync';
import type { TeamClient } from '../server';
import type { ResolvedWorkspace, RunnerSeeds } from './types';

// The always-on runner keeps each workspace's seed fresh, so a new desktop's first sync of a
// large workspace starts from one (minutes) instead of pulling and indexing every answer
// itself (a quarter of an hour for a million on a laptop). A workspace is due when its newest
// seed of this version's schema is older than `everyMs`, or it has none. One publication at a
// time: it is a process of its own (`parallax team seed`), which pulls into the seed's replica
// and uploads gigabytes; the runner's loop never waits for it, and a stop aborts it (a cut
// publication leaves no visible seed). Several runners may find one workspace due at once:
// the publication's advisory lock lets one of them publish (seed-publish.ts).

/** After a publication (or a failed one), the workspace is looked at again after this at most. */
const RECHECK_MS = 30 * 60_000;

export interface SeedKeeperDeps {
  seeds: RunnerSeeds;
  /** The claims connection: the newest seed's date is one short query. */
  claims: TeamClient;
  /** Serialises the claims connection's statements with the runner's own. */
  onClaims<T>(fn: () => Promise<T>): Promise<T>;
  now(): number;
  warn(message: string): void;
}

export interface SeedKeeper {
  /** Starts the next due publication unless one is under way; never waits for it. */
  tick(workspaces: ResolvedWorkspace[]): void;
  /** Publishes every due workspace's seed, one after the other (`runner --once`). */
  publishDue(workspaces: ResolvedWorkspace[]): Promise<void>;
  /** Aborts a publication under way and waits for it to end. */
  stop(): Promise<void>;
}

export function createSeedKeeper(deps: SeedKeeperDeps): SeedKeeper {
  const { seeds } = deps;
  const nextCheck = new Map<string, number>();
  const controller = new AbortController();
  let current: Promise<void> | null = null;

  /** Whether the workspace's seed is due now; when it is not, when to look again. */
  async function due(ws: ResolvedWorkspace): Promise<boolean> {
    const newest = await deps.onClaims(() => newestSeed(deps.claims, ws.id));
    if (newest && deps.now() - newest.createdAt < seeds.everyMs) {
      nextCheck.set(ws.id, newest.createdAt + seeds.everyMs);
      return false;
    }
    return true;
  }

  async function publish(ws: ResolvedWorkspace): Promise<void> {
    await seeds.publish(ws.slug, controller.signal);
    nextCheck.set(ws.id, deps.now() + Math.min(seeds.everyMs, RECHECK_MS));
  }

  /** The first workspace to look at now, if any. */
  const toCheck = (workspaces: ResolvedWorkspace[]): ResolvedWorkspace | undefined =>
    workspaces.find((ws) => (nextCheck.get(ws.id) ?? 0) <= deps.now());

  return {
    tick(workspaces) {
      if (current || controller.signal.aborted) return;
      const ws = toCheck(workspaces);
      if (!ws) return;
      current = due(ws)
        .then((isDue) => (isDue ? publish(ws) : undefined))
        .catch((error: unknown) => {
          // The team away: the seed waits, the runs go on; looked at again at the next recheck.
          nextCheck.set(ws.id, deps.now() + Math.min(seeds.everyMs, RECHECK_MS));
          deps.warn(`The seed of ${ws.slug} was not checked (retried later): ${String(error)}`);
        })
        .finally(() => {
          current = null;
        });
    },
    async publishDue(workspaces) {
      for (const ws of workspaces) {
        if (controller.signal.aborted) return;
        if (await due(ws)) await publish(ws);
      }
    },
    async stop() {
      controller.abort();
      await current;
    },
  };
}
