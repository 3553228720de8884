import type { RateStat, ResolvedPeriod, VisibilityPeriod } from '../visibility/types';
import type { DiscoveryOrigin } from './discovery-extract';
import type { DiscoveryKind } from './discovery-kind';

// Competitor discovery: the shapes the Brands view's "Discovered" panel and
// `parallax brands discover` share.

export interface DiscoveryQuery {
  period: VisibilityPeriod;
  /** Only these engines / locations ('DE', 'US-CA'); all when absent or empty. */
  engines?: string[];
  locations?: string[];
  /** Candidates returned, most answers first (default 50). */
  limit?: number;
  /** The dismissed names instead of the queue. */
  dismissed?: boolean;
  /** Only candidate competitors, or only retailers and marketplaces (discovery-kind.ts); both when absent. */
  kind?: DiscoveryKind;
  /**
   * Examples and proposed domains per name (default true). Each costs a few reads per name:
   * the app asks without and fetches one name's with discovery.candidate when it is opened.
   */
  details?: boolean;
}

export interface DiscoveryExample {
  resultId: string;
  engine: string;
  location: string;
  /** ISO day the answer was fetched. */
  day: string;
  /** About 140 characters of the answer around the name (plain text, rendered inert). */
  snippet: string;
}

export interface DiscoveryDomain {
  domain: string;
  /** Answers naming the candidate that cite the domain (in the sample read). */
  answers: number;
  /** P(domain | names the candidate) / P(domain) over the period; > 1 means it goes with the name. */
  lift: number;
  /** The domain's label is the name ("trailhawk.com" for Trailhawk): proposed first. */
  labelMatch: boolean;
}

export interface DiscoveryCandidate {
  /** The pooling key (discoveryKey): what accept/dismiss/merge act on. */
  key: string;
  /** The most frequent written form. */
  name: string;
  /** A retailer or marketplace (a shopping merchant, never a product's brand) or a candidate competitor. */
  kind: DiscoveryKind;
  /** Answers in the period naming it. */
  answers: number;
  /** answers / answers in the period (same filters), with its 95 % Wilson interval. */
  share: RateStat;
  /** Answers naming it in the previous period of the same length. */
  previousAnswers: number;
  /** Named in this period and in no answer of the previous one (which has answers). */
  isNew: boolean;
  engines: string[];
  /** Locations ('DE', 'US-CA') where it was named. */
  locations: string[];
  /** ISO days, within the period (null for a dismissed name not named in it). */
  firstSeen: string | null;
  lastSeen: string | null;
  origins: DiscoveryOrigin[];
  examples: DiscoveryExample[];
  /** Written forms seen (the name first), proposed as aliases. */
  aliases: string[];
  /** Cited domains that go with it, best first (proposed as its domains). */
  domains: DiscoveryDomain[];
  dismissed: boolean;
  /** False when examples and domains were not asked for (DiscoveryQuery.details). */
  detailed: boolean;
}

export interface DiscoveryQueue {
  period: ResolvedPeriod;
  /** Answers in the period (same filters): the denominator of every share. */
  totalAnswers: number;
  /** Candidates in the queue (or dismissed, with `dismissed`) before the limit. */
  total: number;
  /** Names dismissed that were named in the period. */
  dismissedCount: number;
  /** Names left out because a defined brand covers them. */
  coveredCount: number;
  /** Of the names listed before the kind filter (queue or dismissed): how many of each kind. */
  kindCounts: Record<DiscoveryKind, number>;
  candidates: DiscoveryCandidate[];
}

export interface DiscoveryAcceptInput {
  key: string;
  /** The competitor's name; default the candidate's display name. */
  name?: string;
  aliases?: string[];
  domains?: string[];
  kind?: 'competitor' | 'brand';
}

export interface DiscoveryMergeInput {
  key: string;
  /** The brand (id) that takes the name and its variants as aliases. */
  brandId: string;
}
