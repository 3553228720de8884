import { isIPv4, isIPv6 } from 'node:net';

// Address prefixes (CIDR) as 128-bit numbers: IPv4 addresses are folded into IPv6's
// IPv4-mapped space (::ffff:a.b.c.d), so an IPv4 prefix matches an address logged either way.

export interface Prefix {
  first: bigint;
  last: bigint;
}

const MAPPED = 0xffffn << 32n;

function v4Number(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function v6Number(address: string): bigint {
  let text = address;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes its two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/u.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1] as string);
    text = `${text.slice(0, dotted.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** The address as a 128-bit number (IPv4 mapped), or null when it is not an address. */
export function addressNumber(address: string): bigint | null {
  const text = address.trim().replace(/^\[|\]$/gu, '');
  if (isIPv4(text)) return MAPPED | v4Number(text);
  if (isIPv6(text)) return v6Number(text.split('%')[0] as string);
  return null;
}

/** `a.b.c.d/n` or `x::/n` as its first and last address, or null when malformed. */
export function parsePrefix(cidr: string, family: 4 | 6): Prefix | null {
  const [address = '', bitsText, extra] = cidr.trim().split('/');
  const bits = Number(bitsText);
  const maxBits = family === 4 ? 32 : 128;
  if (extra !== undefined || !/^\d+$/u.test(bitsText ?? '') || bits > maxBits) return null;
  if (family === 4 ? !isIPv4(address) : !isIPv6(address)) return null;
  const base = addressNumber(address) as bigint;
  const hostBits = BigInt(maxBits - bits);
  const first = (base >> hostBits) << hostBits;
  return { first, last: first | ((1n << hostBits) - 1n) };
}

export function inPrefixes(address: bigint, prefixes: readonly Prefix[]): boolean {
  return prefixes.some((p) => address >= p.first && address <= p.last);
}
