import { isIPv6 } from 'node:net';
import { Resolver } from 'node:dns/promises';

// The operators' documented reverse-DNS check, for those that publish no address list: the
// address's PTR name must end in one of the operator's domains, and that name must resolve
// forward to the same address (a PTR record alone is the address owner's to write).

/** What the check needs of a resolver (node:dns/promises' Resolver has it; tests pass a stand-in). */
export interface DnsLookup {
  reverse(address: string): Promise<string[]>;
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
}

/** A resolver with a short timeout and one try: a slow DNS server must not stall an import. */
export function systemDns(servers?: readonly string[]): DnsLookup {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

const endsInDomain = (host: string, domain: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/u, '');
  const suffix = domain.toLowerCase().replace(/^\./u, '');
  return name === suffix || name.endsWith(`.${suffix}`);
};

/** True when `address`'s PTR name is in `domains` and resolves back to `address`. */
export async function reverseDnsConfirms(
  dns: DnsLookup,
  address: string,
  domains: readonly string[],
): Promise<boolean> {
  let names: string[];
  try {
    names = await dns.reverse(address);
  } catch {
    return false; // no PTR record, or no answer: not confirmed
  }
  for (const name of names.filter((n) => domains.some((d) => endsInDomain(n, d)))) {
    try {
      const forward = isIPv6(address) ? await dns.resolve6(name) : await dns.resolve4(name);
      if (forward.some((a) => a.toLowerCase() === address.toLowerCase())) return true;
    } catch {
      // This name does not resolve: try the next.
    }
  }
  return false;
}
