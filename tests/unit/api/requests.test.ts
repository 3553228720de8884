import { describe, expect, it } from 'vitest';
import {
  isApiKeyFormat,
  isValidRequestId,
  normalizeSearchUrl,
  validateBatchBody,
  validateGotoRequest,
  validateMonitorRequest,
  validateStatesQuery,
  validateTaskBody,
  type FieldError,
  type ValidationOutcome,
} from '../../../src/shared/api/requests';
import { COUNTRY_CODES, isCountryCode, isCountryModel } from '../../../src/shared/api/countries';

function errorsOf<T>(outcome: ValidationOutcome<T>): FieldError[] {
  if (outcome.ok) throw new Error(`expected a validation failure, got ${JSON.stringify(outcome.value)}`);
  return outcome.details;
}
function messageFor<T>(outcome: ValidationOutcome<T>, field: string): string | undefined {
  return errorsOf(outcome).find((d) => d.field === field)?.message;
}

describe('country list', () => {
  it('holds 249 ISO codes plus XK, upper case, no duplicates', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    for (const c of ['US', 'DE', 'XK', 'AX', 'SS', 'BQ']) expect(isCountryCode(c)).toBe(true);
    for (const c of ['us', 'UK', 'EU', 'ZZ', '', 'USA']) expect(isCountryCode(c)).toBe(false);
  });
  it('knows the model filter values', () => {
    expect(isCountryModel('assistant-a')).toBe(true);
    expect(isCountryModel('aioverview')).toBe(true);
    expect(isCountryModel('search-news')).toBe(false);
  });
});

describe('key and request id formats', () => {
  it('accepts sk_ + 40 letters/digits only', () => {
    expect(isApiKeyFormat(`sk_${'a1'.repeat(20)}`)).toBe(true);
    expect(isApiKeyFormat(`sk_${'a'.repeat(39)}`)).toBe(false);
    expect(isApiKeyFormat(`sk_${'a'.repeat(41)}`)).toBe(false);
    expect(isApiKeyFormat(`pk_${'a'.repeat(40)}`)).toBe(false);
    expect(isApiKeyFormat(`sk_${'a'.repeat(39)}-`)).toBe(false);
  });
  it('accepts 1-128 chars of letters, digits and -_.:', () => {
    expect(isValidRequestId('abc-1_2.3:4')).toBe(true);
    expect(isValidRequestId('x'.repeat(128))).toBe(true);
    expect(isValidRequestId('x'.repeat(129))).toBe(false);
    expect(isValidRequestId('')).toBe(false);
    expect(isValidRequestId('a b')).toBe(false);
  });
});

describe('assistant-a', () => {
  it('accepts the full body', () => {
    const out = validateMonitorRequest('assistant-a', {
      prompt: 'best shoes',
      country: 'US',
      state: 'CA',
      include: {
        html: true,
        markdown: true,
        rawResponse: false,
        searchQueries: true,
        ads: true,
        shopping: true,
      },
      legacy: true,
      disableWebSearch: false,
    });
    expect(out.ok).toBe(true);
  });
  it('names each field error like the service', () => {
    expect(messageFor(validateMonitorRequest('assistant-a', { prompt: '', country: 'US' }), 'prompt')).toBe(
      'Prompt cannot be empty',
    );
    expect(
      messageFor(validateMonitorRequest('assistant-a', { prompt: '   ', country: 'US' }), 'prompt'),
    ).toBe('Prompt cannot be empty');
    expect(messageFor(validateMonitorRequest('assistant-a', { country: 'US' }), 'prompt')).toBe(
      'prompt is required',
    );
    expect(messageFor(validateMonitorRequest('assistant-a', { prompt: 'x', country: 'us' }), 'country')).toBe(
      'country must be an upper-case ISO 3166-1 alpha-2 code',
    );
    expect(
      messageFor(validateMonitorRequest('assistant-a', { prompt: 'x', country: 'DE', state: 'CA' }), 'state'),
    ).toBe('state is only valid with country US');
    expect(
      messageFor(validateMonitorRequest('assistant-a', { prompt: 'x', country: 'US', state: 'XX' }), 'state'),
    ).toMatch(/US state code/);
    expect(
      messageFor(
        validateMonitorRequest('assistant-a', { prompt: 'x', country: 'US', include: { ads: 'yes' } }),
        'include.ads',
      ),
    ).toBe('include.ads must be a boolean (true or false)');
    expect(
      messageFor(
        validateMonitorRequest('assistant-a', { prompt: 'x'.repeat(10_001), country: 'US' }),
        'prompt',
      ),
    ).toBe('Prompt must be at most 10,000 characters');
  });
  it('rejects unknown keys at the top and inside include', () => {
    const out = validateMonitorRequest('assistant-a', {
      prompt: 'x',
      country: 'US',
      model: 'x',
      include: { shoppingCards: true },
    });
    expect(
      errorsOf(out)
        .map((d) => d.field)
        .sort(),
    ).toEqual(['include.shoppingCards', 'model']);
  });
  it('rejects a body that is not an object', () => {
    expect(errorsOf(validateMonitorRequest('assistant-a', [1]))).toEqual([
      { field: '', message: 'The request body must be a JSON object' },
    ]);
    expect(validateMonitorRequest('assistant-a', null).ok).toBe(false);
  });
  it('reports every problem at once', () => {
    const fields = errorsOf(
      validateMonitorRequest('assistant-a', { prompt: '', country: 'FR', state: 'NY', legacy: 1 }),
    )
      .map((d) => d.field)
      .sort();
    expect(fields).toEqual(['legacy', 'prompt', 'state']);
  });
});

describe('assistant-b to -e', () => {
  it('take prompt, country, state and three include flags only', () => {
    for (const engine of ['assistant-b', 'assistant-c', 'assistant-d', 'assistant-e'] as const) {
      expect(
        validateMonitorRequest(engine, {
          prompt: 'p',
          country: 'US',
          state: 'DC',
          include: { html: true, markdown: true, rawResponse: true },
        }).ok,
      ).toBe(true);
      expect(
        messageFor(
          validateMonitorRequest(engine, { prompt: 'p', country: 'US', include: { ads: true } }),
          'include.ads',
        ),
      ).toBe('ads is not a recognised field');
      expect(
        messageFor(validateMonitorRequest(engine, { prompt: 'p', country: 'US', legacy: true }), 'legacy'),
      ).toBeDefined();
      expect(
        messageFor(validateMonitorRequest(engine, { prompt: 'p', country: 'GB', state: 'TX' }), 'state'),
      ).toBe('state is only valid with country US');
    }
  });
});

describe('search', () => {
  const ok = (body: unknown) => validateMonitorRequest('search', body).ok;
  it('accepts the standard shape with country or gl', () => {
    expect(ok({ query: 'laptops', country: 'US' })).toBe(true);
    expect(ok({ query: 'laptops', gl: 'us' })).toBe(true);
    expect(ok({ query: 'laptops', country: 'DE', gl: 'de', hl: 'pt-BR', device: 'ios', pages: 10 })).toBe(
      true,
    );
    expect(ok({ query: 'laptops', country: 'US', location: 'Austin,Texas,United States' })).toBe(true);
    expect(
      ok({
        query: 'l',
        country: 'US',
        include: { html: true, aioverview: { markdown: true }, paaAioverview: true, searchGoto: true },
      }),
    ).toBe(true);
  });
  it('requires query xor url and a country in the standard shape', () => {
    expect(messageFor(validateMonitorRequest('search', { country: 'US' }), 'query')).toBe(
      'query is required unless url is given',
    );
    expect(
      messageFor(
        validateMonitorRequest('search', { query: 'x', url: 'https://www.search.example/search?q=x&gl=us' }),
        'url',
      ),
    ).toBe('query and url are mutually exclusive');
    expect(messageFor(validateMonitorRequest('search', { query: 'x' }), 'country')).toBe(
      'country is required (or gl)',
    );
  });
  it('checks country and gl agree, gl in either case, country upper case', () => {
    expect(messageFor(validateMonitorRequest('search', { query: 'x', country: 'US', gl: 'de' }), 'gl')).toBe(
      'country and gl must name the same country',
    );
    expect(ok({ query: 'x', country: 'US', gl: 'us' })).toBe(true);
    expect(messageFor(validateMonitorRequest('search', { query: 'x', gl: 'zz' }), 'gl')).toMatch(
      /ISO 3166-1/,
    );
    expect(messageFor(validateMonitorRequest('search', { query: 'x', country: 'us' }), 'country')).toMatch(
      /upper-case/,
    );
  });
  it('keeps location and uule apart, device and pages in range', () => {
    expect(
      messageFor(
        validateMonitorRequest('search', { query: 'x', country: 'US', location: 'A,B,C', uule: 'w+abc' }),
        'uule',
      ),
    ).toBe('location and uule are mutually exclusive');
    expect(
      messageFor(validateMonitorRequest('search', { query: 'x', country: 'US', device: 'tablet' }), 'device'),
    ).toBe('device must be one of desktop, mobile, ios, android');
    for (const pages of [0, 11]) {
      expect(
        messageFor(validateMonitorRequest('search', { query: 'x', country: 'US', pages }), 'pages'),
      ).toBe('pages must be between 1 and 10');
    }
    expect(
      messageFor(validateMonitorRequest('search', { query: 'x', country: 'US', pages: 2.5 }), 'pages'),
    ).toBe('pages must be an integer');
    expect(
      messageFor(
        validateMonitorRequest('search', { query: 'x', country: 'US', include: { aioverview: true } }),
        'include.aioverview',
      ),
    ).toBe('include.aioverview must be an object');
    expect(
      messageFor(
        validateMonitorRequest('search', {
          query: 'x',
          country: 'US',
          include: { aioverview: { text: true } },
        }),
        'include.aioverview.text',
      ),
    ).toBeDefined();
  });
  it('applies the url rules', () => {
    const url = (u: string, extra: object = {}) => validateMonitorRequest('search', { url: u, ...extra });
    expect(url('https://www.search.example/search?q=shoes&gl=de').ok).toBe(true);
    expect(url('http://search.example/search?q=shoes', { country: 'FR' }).ok).toBe(true);
    expect(messageFor(url('https://www.search.example/search?q=shoes'), 'country')).toBe(
      'country is required when the url has no gl parameter',
    );
    expect(messageFor(url('/search?q=shoes&gl=us'), 'url')).toBe(
      'url must be a complete absolute http(s) URL',
    );
    expect(messageFor(url('ftp://www.search.example/search?q=x&gl=us'), 'url')).toBe(
      'url must be a complete absolute http(s) URL',
    );
    expect(messageFor(url('https://other.example/search?q=x&gl=us'), 'url')).toMatch(/search engine's host/);
    expect(messageFor(url('https://www.search.example/find?q=x&gl=us'), 'url')).toBe(
      'url path must be /search',
    );
    expect(messageFor(url('https://www.search.example/search?q=&gl=us'), 'url')).toBe(
      'url must carry a non-empty q parameter',
    );
    expect(messageFor(url('https://www.search.example/search?q=x&gl=us&tbm=nws'), 'url')).toMatch(/tbm/);
    for (const key of ['location', 'uule', 'pages'] as const) {
      const extra = { location: 'A,B,C', uule: 'w+x', pages: 2 }[key];
      expect(messageFor(url('https://www.search.example/search?q=x&gl=us', { [key]: extra }), key)).toBe(
        `${key} cannot be combined with url`,
      );
    }
    // An explicit country wins over the url's gl (spec), but body country and body gl must agree.
    expect(url('https://www.search.example/search?q=x&gl=us', { country: 'DE' }).ok).toBe(true);
    expect(messageFor(url('https://www.search.example/search?q=x', { country: 'DE', gl: 'fr' }), 'gl')).toBe(
      'country and gl must name the same country',
    );
    expect(
      validateMonitorRequest(
        'search',
        { url: 'https://engine.test/search?q=x&gl=us' },
        { searchHosts: ['engine.test'] },
      ).ok,
    ).toBe(true);
  });
});

describe('normalizeSearchUrl', () => {
  it('keeps only the applied parameters and reads num as whole pages, capped at 10', () => {
    const out = normalizeSearchUrl(
      'https://WWW.Search.example/search?q=red+shoes&gl=de&hl=de&num=25&start=10&tbs=qdr:d&safe=active&uule=w+x&ie=UTF-8&client=x',
    );
    expect(out).toEqual({
      ok: true,
      value: {
        url: 'https://www.search.example/search?q=red+shoes&gl=de&hl=de&uule=w+x&num=25&start=10&tbs=qdr%3Ad&safe=active',
        query: 'red shoes',
        gl: 'DE',
        hl: 'de',
        uule: 'w x',
        pages: 3,
        start: 10,
        tbs: 'qdr:d',
        safe: 'active',
      },
    });
    const pagesFor = (num: string) => {
      const r = normalizeSearchUrl(`https://search.example/search?q=x&num=${num}`);
      return r.ok ? r.value.pages : -1;
    };
    expect([
      pagesFor('1'),
      pagesFor('10'),
      pagesFor('11'),
      pagesFor('100'),
      pagesFor('500'),
      pagesFor('0'),
    ]).toEqual([1, 1, 2, 10, 10, 1]);
  });
});

describe('search-news and search-ai', () => {
  it('news: query required, country optional, pages and device checked', () => {
    expect(validateMonitorRequest('search-news', { query: 'summit' }).ok).toBe(true);
    expect(
      validateMonitorRequest('search-news', {
        query: 'summit',
        gl: 'gb',
        hl: 'en',
        device: 'android',
        pages: 3,
        include: { html: true },
      }).ok,
    ).toBe(true);
    expect(messageFor(validateMonitorRequest('search-news', { query: '' }), 'query')).toBe(
      'Query cannot be empty',
    );
    expect(
      messageFor(validateMonitorRequest('search-news', { query: 'x', location: 'A,B,C' }), 'location'),
    ).toBeDefined();
    expect(
      messageFor(validateMonitorRequest('search-news', { query: 'x', country: 'US', gl: 'GB' }), 'gl'),
    ).toBeDefined();
  });
  it('search-ai: device desktop|mobile, expandProducts, location xor uule, no state', () => {
    expect(
      validateMonitorRequest('search-ai', {
        prompt: 'p',
        gl: 'US',
        device: 'mobile',
        include: { expandProducts: true, markdown: true },
      }).ok,
    ).toBe(true);
    expect(messageFor(validateMonitorRequest('search-ai', { prompt: 'p', device: 'ios' }), 'device')).toBe(
      'device must be one of desktop, mobile',
    );
    expect(
      messageFor(validateMonitorRequest('search-ai', { prompt: 'p', location: 'A,B,C', uule: 'x' }), 'uule'),
    ).toBeDefined();
    expect(
      messageFor(validateMonitorRequest('search-ai', { prompt: 'p', country: 'US', state: 'CA' }), 'state'),
    ).toBeDefined();
  });
});

describe('goto', () => {
  it('takes one redirect link on the engine host with path /goto or /url', () => {
    expect(validateGotoRequest({ url: 'https://www.search.example/goto?u=abc' }).ok).toBe(true);
    expect(validateGotoRequest({ url: 'https://search.example/url?q=https://x.example' }).ok).toBe(true);
    expect(messageFor(validateGotoRequest({}), 'url')).toBe('url is required');
    expect(messageFor(validateGotoRequest({ url: 'https://www.search.example/search?q=x' }), 'url')).toMatch(
      /\/goto or \/url/,
    );
    expect(messageFor(validateGotoRequest({ url: 'https://evil.example/goto' }), 'url')).toMatch(/host/);
    expect(messageFor(validateGotoRequest({ url: 'nope' }), 'url')).toMatch(/absolute/);
    expect(
      messageFor(validateGotoRequest({ url: 'https://search.example/goto', extra: 1 }), 'extra'),
    ).toBeDefined();
  });
});

describe('async task bodies', () => {
  const task = { taskType: 'ASSISTANT_A', payload: { prompt: 'p', country: 'US' } };
  it('accepts a full task and names its engine', () => {
    const out = validateTaskBody({
      ...task,
      priority: 10,
      idempotencyKey: 'job-1',
      webhook: { url: 'https://app.example/hook' },
    });
    expect(out).toEqual({
      ok: true,
      value: {
        engine: 'assistant-a',
        body: {
          ...task,
          priority: 10,
          idempotencyKey: 'job-1',
          webhook: { url: 'https://app.example/hook' },
        },
      },
    });
  });
  it('prefixes payload errors and checks the envelope', () => {
    const out = validateTaskBody({
      taskType: 'SEARCH',
      payload: { query: 'x' },
      priority: 11,
      webhook: { url: 'x' },
      extra: 1,
    });
    expect(errorsOf(out)).toEqual(
      expect.arrayContaining([
        { field: 'payload.country', message: 'country is required (or gl)' },
        { field: 'priority', message: 'priority must be between 1 and 10' },
        { field: 'webhook.url', message: 'webhook.url must be an absolute http(s) URL' },
        { field: 'extra', message: 'extra is not a recognised field' },
      ]),
    );
    expect(
      messageFor(validateTaskBody({ taskType: 'ASSISTANT_A', payload: { prompt: 'p' } }), 'payload.country'),
    ).toBe('payload.country is required');
    expect(messageFor(validateTaskBody({ taskType: 'ASSISTANT_A' }), 'payload')).toBe('payload is required');
    expect(messageFor(validateTaskBody({ taskType: 'CHAT', payload: {} }), 'taskType')).toMatch(
      /^taskType must be one of ASSISTANT_A/,
    );
    expect(messageFor(validateTaskBody({ ...task, idempotencyKey: '' }), 'idempotencyKey')).toBe(
      'idempotencyKey cannot be empty',
    );
  });
  it('uses configured task types and refuses unavailable engines', () => {
    const taskTypes = { 'assistant-a': 'CHAT_A' };
    expect(validateTaskBody({ ...task, taskType: 'CHAT_A' }, { taskTypes }).ok).toBe(true);
    expect(validateTaskBody(task, { taskTypes }).ok).toBe(false);
    expect(
      messageFor(
        validateTaskBody(
          { taskType: 'ASSISTANT_C', payload: { prompt: 'p', country: 'US' } },
          { isAvailable: (e) => e === 'assistant-a' },
        ),
        'taskType',
      ),
    ).toBe('taskType ASSISTANT_C is not available yet');
  });
  it('batches hold 1 to 500 tasks, each judged alone', () => {
    expect(errorsOf(validateBatchBody({}))[0]?.message).toMatch(/array/);
    expect(errorsOf(validateBatchBody([]))[0]?.message).toMatch(/at least one/);
    expect(errorsOf(validateBatchBody(Array.from({ length: 501 }, () => task)))[0]?.message).toMatch(
      /at most 500/,
    );
    const out = validateBatchBody([
      task,
      { taskType: 'ASSISTANT_A', payload: { prompt: '', country: 'US' } },
    ]);
    expect(out.ok && out.value.map((t) => t.ok)).toEqual([true, false]);
    expect(validateBatchBody(Array.from({ length: 500 }, () => task)).ok).toBe(true);
  });
});

describe('states query', () => {
  it('requires an upper-case country', () => {
    expect(validateStatesQuery('US')).toEqual({ ok: true, value: { country: 'US' } });
    expect(messageFor(validateStatesQuery(undefined), 'country')).toBe('country is required');
    expect(messageFor(validateStatesQuery('us'), 'country')).toMatch(/upper-case/);
  });
});
