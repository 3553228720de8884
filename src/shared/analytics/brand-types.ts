/** A brand or competitor the analyst tracks, with the names and sites that identify it. */
export interface BrandDefinition {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
  /** Other spellings and names ("Mercedes", "Мерседес", "メルセデス"); the name is always included. */
  aliases: string[];
  /** Sites of the brand ("apple.com"); subdomains belong to it ("support.apple.com"). */
  domains: string[];
}

/** One mention of a brand in an answer text. */
export interface BrandMention {
  brandId: string;
  /** Offsets in the original (unfolded) text: text.slice(start, end) is what was written. */
  start: number;
  end: number;
}
