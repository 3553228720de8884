import { agentByName, type RangeLists } from '../catalogue';
import { reverseDnsConfirms, type DnsLookup } from './reverse-dns';

// Whether a hit is really its agent's: the address lies in the operator's published list, or,
// for an operator that publishes none, passes its reverse-DNS check (only when asked: it goes
// online). Anything else is counted as "claims to be".

export interface VerifyOptions {
  ranges: RangeLists;
  /** The reverse-DNS check's resolver; without it no reverse-DNS check is made. */
  dns?: DnsLookup;
  /** Lookups at once. */
  concurrency?: number;
}

export interface AgentAddress {
  agent: string;
  ip: string;
}

export const pairKey = (p: AgentAddress): string => `${p.agent}\u0000${p.ip}`;

async function verifyOne(pair: AgentAddress, options: VerifyOptions): Promise<boolean> {
  const agent = agentByName(pair.agent);
  if (!agent) return false;
  const list = agent.ranges ? options.ranges.get(agent.ranges) : undefined;
  if (list) return list.contains(pair.ip);
  if (agent.reverseDns && options.dns) return reverseDnsConfirms(options.dns, pair.ip, agent.reverseDns);
  return false;
}

/** The keys (pairKey) of the pairs verified as their agent's. */
export async function verifiedPairs(
  pairs: readonly AgentAddress[],
  options: VerifyOptions,
): Promise<Set<string>> {
  const verified = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pairs.length) {
      const pair = pairs[next++] as AgentAddress;
      if (await verifyOne(pair, options)) verified.add(pairKey(pair));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return verified;
}
