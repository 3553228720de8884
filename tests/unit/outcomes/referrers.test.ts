import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import { NEUTRAL_PROFILE } from '../../../src/shared/profile/neutral';
import { classifyReferrer, REFERRER_CATALOGUE } from '../../../src/core/outcomes';

// The AI referrer catalogue (resources/outcomes/ai-referrers.json): dated, each assistant's
// hosts and utm_source values mapped to the service's engines; a session source classified
// by host (and its subdomains) or by utm_source, and nothing else.

describe('the AI referrer catalogue', () => {
  it('is dated and maps each assistant to an engine of the service, or to none', () => {
    expect(REFERRER_CATALOGUE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const r of REFERRER_CATALOGUE.referrers) {
      if (r.engine !== null) expect(ENGINE_NAMES).toContain(r.engine);
    }
    const engines = Object.fromEntries(REFERRER_CATALOGUE.referrers.map((r) => [r.id, r.engine]));
    expect(engines).toMatchObject({
      chatgpt: 'assistant-a',
      perplexity: 'assistant-b',
      grok: 'assistant-c',
      copilot: 'assistant-d',
      gemini: 'assistant-e',
      claude: null,
    });
    expect(Object.keys(NEUTRAL_PROFILE.engines)).toEqual(
      expect.arrayContaining(['assistant-a', 'assistant-e']),
    );
  });

  it.each([
    ['chatgpt.com', 'chatgpt'],
    ['chat.openai.com / referral', 'chatgpt'],
    ['https://www.perplexity.ai/search?q=x', 'perplexity'],
    ['gemini.google.com', 'gemini'],
    ['copilot.microsoft.com / referral', 'copilot'],
    ['claude.ai', 'claude'],
    ['grok.com', 'grok'],
    ['ChatGPT.com / (not set)', 'chatgpt'],
    ['chatgpt', 'chatgpt'],
  ])('classifies %s as %s', (source, id) => {
    expect(classifyReferrer(source)?.id).toBe(id);
  });

  it.each([
    'google',
    'google.com',
    '(direct)',
    'bing.com',
    'notchatgpt.com',
    'platform.openai.com',
    '(not set)',
    '',
  ])('leaves %s out', (source) => {
    expect(classifyReferrer(source)).toBeNull();
  });
});
