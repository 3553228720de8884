import { US_STATES } from '../../shared/api/engines';
import { COUNTRY_CODES, isCountryModel } from '../../shared/api/countries';
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
export function countries(call: Call): Reply {
  const model = call.url.searchParams.get('model');
  if (model !== null && !isCountryModel(model)) {
    throw new ValidationFailure(400, [
      { field: 'model', message: `model must be one of the engine names or aioverview` },
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
