import { US_STATES } from '../../shared/api/engines';
import { COUNTRY_CODES } from '../../shared/api/countries';
import { countriesModelValues } from '../../shared/profile';
import { validateStatesQuery } from '../../shared/api/requests';
import { HttpError, ValidationFailure } from '../http/envelope';
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

/** A stored page; 410 once expired (24 h after the answer), 404 when unknown or forgotten. */
export function file(call: Call, core: SandboxCore): Reply | null {
  const found = core.files.lookup(call.params.id ?? '');
  if (found.state === 'expired')
    throw new HttpError(410, 'RESOURCE_NOT_FOUND', 'File expired (24 h after the answer)', { id: call.path });
  return found.state === 'ok' ? { kind: 'html', body: found.html } : null;
}
