// The words a client reads instead of ours, and the words that must never reach a client.

/** How a source appeared in an answer, in plain words (SourceKind → label). */
export const SOURCE_KIND_WORDS: Readonly<Record<string, string>> = {
  cited: 'cited in the answer',
  'citation-pill': 'linked in the text',
  organic: 'search result',
  news: 'news result',
  'aio-source': 'AI overview source',
  'aio-pill': 'linked in an AI overview',
  'paa-source': '“People also ask” source',
  video: 'video',
  place: 'map place',
};

export const sourceKindWords = (kind: string): string => SOURCE_KIND_WORDS[kind] ?? kind.replace(/-/g, ' ');

/**
 * Terms of the trade and of the code that a client sentence or report must not contain: the
 * tests scan every alert title and the whole client report for them.
 */
export const INTERNAL_TERMS: readonly string[] = [
  'Jaccard',
  'citation-pill',
  'n.s.',
  'Wilson',
  'Cochran',
  'Armitage',
  'Holm',
  'n =',
  'p <',
  'p =',
  'z =',
  'CUSUM',
  'Student',
  'assistant-a',
  'assistant-b',
  'search-ai',
  'brand-dropped',
  'brand-entered',
  'position-moved',
  'competitor-appeared',
  'competitor-disappeared',
  'sources-changed',
  'answer-changed',
  'recommendation-lost',
  'sentiment-shifted',
  'shelf-moved',
  'price-moved',
  'new-advertiser',
  'conquest-began',
  'fact-contradicted',
  'discrepancy-rose',
  'undefined',
  'NaN',
];

/** The internal terms found in a text (case-sensitive for the short ones, not for words). */
export function internalTermsIn(text: string): string[] {
  return INTERNAL_TERMS.filter((term) =>
    /^[A-Za-z]{5,}$/.test(term) ? new RegExp(`\\b${term}\\b`, 'i').test(text) : text.includes(term),
  );
}

export interface GlossaryEntry {
  term: string;
  meaning: string;
}

/** "How to read this report": every number the report shows, in a sentence or two. */
export const REPORT_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Answers',
    meaning:
      'Each time an AI assistant or search engine answered one of the tracked questions, in one country, counts as one answer. Questions are asked several times a day where the engine varies its answers.',
  },
  {
    term: 'Mention rate',
    meaning:
      'The share of answers that name the brand at least once. A web or news search page without an AI overview names the brand when one of its results’ titles or descriptions does.',
  },
  {
    term: 'Citation rate',
    meaning: 'The share of answers that link to one of the brand’s own websites as a source.',
  },
  {
    term: 'Average position',
    meaning:
      'Where the brand comes among the tracked brands an answer names: 1st means it is named first. On a web or news search page without an AI overview, the place of the first result naming it: 1st is the top result. Only answers naming the brand count.',
  },
  {
    term: 'Share of voice',
    meaning: 'The brand’s share of all mentions of the tracked brands, competitors included.',
  },
  {
    term: 'Recommendation rate',
    meaning:
      'Of the answers that name the brand, the share that make it the top pick or recommend it (rather than only naming it, or naming it with a caution).',
  },
  {
    term: 'Net sentiment',
    meaning:
      'Of the answers that name the brand, the share speaking of it positively minus the share speaking of it negatively: from −1 (all negative) to +1 (all positive).',
  },
  {
    term: 'How it is presented',
    meaning:
      'How the answers naming the brand present it: as the top pick, recommended, named only, or named with a caution; the shares add up to 100 %.',
  },
  {
    term: 'Qualities',
    meaning:
      'What the answers say about a brand (“lightweight”, “expensive”), as a share of the answers naming it. Qualities competitors are praised for and the brand rarely or never is are listed apart.',
  },
  {
    term: 'Few answers',
    meaning:
      'A figure resting on fewer than 30 answers (in either period, for a change) is said to rest on few answers: it is shown, but never called a clear change.',
  },
  {
    term: 'Likely range',
    meaning:
      'The figures come from a sample of answers, so each has a range it very likely lies in (95 % of the time). The more answers, the narrower the range.',
  },
  {
    term: 'Clear change',
    meaning:
      'A change is called clear when the likely ranges of the two periods do not overlap; otherwise it may be chance, and the report says “no clear change”.',
  },
  {
    term: 'Citation gap',
    meaning:
      'A website the engines cite in answers that name a competitor but never in answers that name the brand, in at least a few answers: a place where the brand is missing from the conversation.',
  },
  {
    term: 'Steady slide or rise',
    meaning:
      'A brand named in a little fewer (or more) answers run after run, too little each time to stand out, but clear over many runs.',
  },
];

/** The terms of the report's "Products and ads", explained after the others when it shows them. */
export const COMMERCE_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'On the shelf',
    meaning:
      'Of the answers that showed products (shopping cards, product results) beside the text, the share showing at least one product of the brand.',
  },
  {
    term: 'Share of shelf',
    meaning:
      'The brand’s share of all the products shown. The products of one answer are shown together, so its likely range counts them answer by answer.',
  },
  {
    term: 'Best place',
    meaning: 'Where the brand’s first product comes among the products shown, on average: 1 is the first.',
  },
  {
    term: 'Price',
    meaning:
      'The middle price of the brand’s products against the middle price of every product shown in the same answers, in the currency the brand is most often priced in.',
  },
  {
    term: 'Ads shown, share of ads',
    meaning:
      'Of the answers that showed ads, the share showing an ad of the brand; and the brand’s share of all the ads shown.',
  },
  {
    term: 'Competitors’ ads on your questions',
    meaning: 'A competitor’s ad shown beside an answer to a question that names your brand.',
  },
];

/** The terms of the report's "What the engines get wrong", explained when it shows them. */
export const FACTS_GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Answers contradicting a fact',
    meaning:
      'Of the answers that name the brand and say something about its facts (a price, a feature, a year…), the share that say something its fact sheet contradicts.',
  },
  {
    term: 'Fact sheet',
    meaning: 'The brand’s own facts, as it provides them: what the answers are checked against.',
  },
];
