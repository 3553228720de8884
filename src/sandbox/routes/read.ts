import { BATCH_BODY_LIMIT, SINGLE_BODY_LIMIT, isJsonContentType, parseJson, readBody } from '../http/body';
import { HttpError } from '../http/envelope';
import type { Call } from '../http/call';
import type { SandboxCore } from '../core/sandbox-core';

/** The JSON body of a POST: 415 when not sent as JSON, 413 when too large, 400 when unreadable. */
export async function readJsonBody(call: Call, _core: SandboxCore): Promise<unknown> {
  if (!isJsonContentType(call.req.headers['content-type'])) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be sent as application/json');
  }
  const limit = call.template.endsWith('/batch') ? BATCH_BODY_LIMIT : SINGLE_BODY_LIMIT;
  return parseJson(await readBody(call.req, limit));
}
