import type { NormalizedResult } from '../../../src/shared/domain/result';

// An engine answer written to attack the report: script, event handlers and javascript: links
// in its text, prompt and sources. The report must show all of it as inert, escaped text.

export const HOSTILE_TEXT =
  'Fleetfoot is the pick <img src=x onerror="alert(1)"> and <script>alert(2)</script> <a href="javascript:alert(6)">deal</a>';
export const HOSTILE_PROMPT = '<i onclick="alert(5)">best</i> running shoes';
export const SHOP_URL = 'https://shop.example/?q="><script>alert(7)</script>';

export function hostile(): NormalizedResult {
  return {
    engine: 'assistant-a',
    text: HOSTILE_TEXT,
    markdown: null,
    htmlUrls: [],
    model: null,
    searchQueries: [],
    sources: [
      {
        position: 1,
        kind: 'cited',
        url: 'javascript:alert(3)',
        domain: 'evil.example',
        title: '<b onmouseover="alert(4)">click</b>',
        snippet: null,
        redirectLink: null,
        datePublished: null,
      },
      {
        position: 2,
        kind: 'cited',
        url: SHOP_URL,
        domain: 'shop.example',
        title: 'Shop & "compare"',
        snippet: null,
        redirectLink: null,
        datePublished: null,
      },
    ],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
  };
}
