// Whether a visit claiming to be an AI agent is the operator's: published lists, reverse DNS.

export { reverseDnsConfirms, systemDns, type DnsLookup } from './reverse-dns';
export { pairKey, verifiedPairs, type AgentAddress, type VerifyOptions } from './verifier';
