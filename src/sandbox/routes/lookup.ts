import { US_STATES } from '../../shared/api/engines';
import { COUNTRY_CODES } from '../../shared/api/countries';
import { countriesModelValues } from '../../shared/profile';
import { validateStatesQuery } from '../../shared/api/requests';
import { ValidationFailure } from '../http/envelope';
import { json, type Call, type Reply } from '../http/call';
import type { SandboxCore } from '../core/sandbox-core';

// Account and lookup endpoints: credits, countries, US states, and the stored HTML files.

export function credits(call: Call, core: SandboxCore): Reply {
  const account = call.account;
  if (!account) throw new Error('credits without account');
  return json(200, { remaining: account.credits, ...core.accounts.cycle(account) });
}

/** Bare array of upper-case codes; every model serves every country in the sandbox. */
export function countries(call: Call, core: SandboxCore): Reply {
  const model = call.url.searchParams.get('model');
  const models = [...countriesModelValues(core.profile), 'aioverview'];
  if (model !== null && !models.includes(model)) {
    throw new ValidationFailure(400, [
      { field: 'model', message: `model must be one of ${models.join(', ')}` },
    ]);
  }
  return json(200, COUNTRY_CODES);
}

export function states(call: Call): Reply {
  const v = validateStatesQuery(call.url.searchParams.get('country') ?? undefined);
  if (!v.ok) throw new ValidationFailure(400, v.details);
  return json(200, v.value.country === 'US' ? US_STATES : []);
}

export function file(call: Call, core: SandboxCore): Reply | null {
  const html = core.files.get(call.params.id ?? '');
  return html === undefined ? null : { kind: 'html', body: html };
}
