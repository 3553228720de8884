import { z } from 'zod';
import { ENGINE_NAMES } from '../../../shared/api/engines';
import shipped from './agents.json';

// The catalogue of AI agents and major search crawlers, shipped as data with its date
// (agents.json): what a user agent's token says the visitor is, who operates it, which of the
// service's engines it feeds, and how a hit can be verified as really the operator's.

export const AGENT_ROLES = ['training', 'search', 'user'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

const agentSchema = z.object({
  agent: z.string().min(1),
  token: z.string().min(1),
  operator: z.string().min(1),
  role: z.enum(AGENT_ROLES),
  engines: z.array(z.enum(ENGINE_NAMES)),
  /** The operator's published list of addresses (a file of ranges/), if any. */
  ranges: z.string().optional(),
  /** Host name suffixes of the operator's documented reverse-DNS check, if any. */
  reverseDns: z.array(z.string()).optional(),
  /** A robots.txt token only: never in a user agent, so never matched in logs. */
  robotsOnly: z.boolean().optional(),
});
export type CatalogueAgent = z.infer<typeof agentSchema>;

const catalogueSchema = z.object({
  date: z.iso.date(),
  agents: z.array(agentSchema).min(1),
});
export type AgentCatalogue = z.infer<typeof catalogueSchema>;

let parsed: AgentCatalogue | null = null;

/** The shipped catalogue (checked once: a bad edit fails at first use, by field). */
export function agentCatalogue(): AgentCatalogue {
  parsed ??= catalogueSchema.parse(shipped);
  return parsed;
}

/** The agents a log line can name, the longest token first (so no token hides a longer one). */
export function matchableAgents(catalogue: AgentCatalogue = agentCatalogue()): CatalogueAgent[] {
  return catalogue.agents.filter((a) => !a.robotsOnly).sort((a, b) => b.token.length - a.token.length);
}

export function agentByName(
  name: string,
  catalogue: AgentCatalogue = agentCatalogue(),
): CatalogueAgent | undefined {
  const lower = name.toLowerCase();
  return catalogue.agents.find((a) => a.agent.toLowerCase() === lower || a.token.toLowerCase() === lower);
}

/** The list names (ranges/ files) the catalogue refers to. */
export function rangeListNames(catalogue: AgentCatalogue = agentCatalogue()): string[] {
  return [...new Set(catalogue.agents.flatMap((a) => (a.ranges ? [a.ranges] : [])))].sort();
}
