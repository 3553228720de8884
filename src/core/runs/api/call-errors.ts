import { ENGINES, type EngineName } from '../../../shared/api/engines';
import type { FieldError } from '../../../shared/api/requests';
import { parseErrorBody } from '../../../shared/api/responses';
import { enginePath, type ServiceProfile } from '../../../shared/profile';
import type { CallSpec, EngineAvailability } from './client-types';
import { ApiError, type ApiErrorInit } from './errors';
import type { AttemptResult } from './http-attempt';
import type { ResponseMeta } from './meta';
import type { AttemptOutcome } from './retry-policy';

// The client's errors: a request refused before it is sent, a service's error answer, a call
// that timed out, was canceled or never got an answer; each redacts every key read so far.

/** What building an error needs of the client (the availability map is learned from answers). */
export interface ErrorContext {
  secrets: () => string[];
  profile: ServiceProfile;
  availability: Record<EngineName, EngineAvailability>;
  timeoutMs: number;
  syncTimeoutMs: number;
}

export function localValidationError(endpoint: string, details: FieldError[]): ApiError {
  const first = details[0];
  const summary = first
    ? first.field
      ? `${first.field}: ${first.message}`
      : first.message
    : 'invalid request';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new ApiError({
    kind: 'validation-local',
    message: `Request not sent: ${summary}${more}`,
    code: 'VALIDATION_ERROR',
    fieldErrors: details,
    attempts: 0,
    reachedServer: false,
    endpoint,
  });
}

export function errorFromResponse(
  ctx: ErrorContext,
  spec: CallSpec<unknown>,
  result: Extract<AttemptResult, { type: 'response' }>,
  meta: ResponseMeta,
  attempts: number,
): ApiError {
  let parsedBody: unknown;
  let isJson = false;
  if (result.bodyText.trim().length > 0) {
    try {
      parsedBody = JSON.parse(result.bodyText);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  const parsed = isJson ? parseErrorBody(parsedBody) : {};
  const status = result.status;
  const code = parsed.code ?? (status === 499 ? 'REQUEST_CANCELED' : undefined);
  const bodyNote =
    result.bodyText.trim().length === 0 ? 'empty body' : isJson ? 'no error message' : 'body is not JSON';
  const text = parsed.message ?? (status === 499 ? 'Request was canceled' : bodyNote);
  const init: ApiErrorInit = {
    kind: 'http',
    message: `${spec.endpoint} failed with ${status}${code ? ` ${code}` : ''}: ${text}`,
    status,
    code,
    details: parsed.details,
    fieldErrors: parsed.fieldErrors,
    requestId: meta.requestId,
    timestamp: parsed.timestamp,
    rawBody: result.bodyText,
    meta,
    attempts,
    reachedServer: true,
    endpoint: spec.endpoint,
  };
  if (spec.call === 'sync-monitor' && spec.engine && status === 404 && code === 'RESOURCE_NOT_FOUND') {
    ctx.availability[spec.engine] = 'coming-soon';
    return new ApiError(
      {
        ...init,
        kind: 'engine-unavailable',
        message: engineNotFoundMessage(ctx.profile, spec.engine, spec.endpoint),
      },
      ctx.secrets(),
    );
  }
  return new ApiError(init, ctx.secrets());
}

/**
 * Why an engine's path answered 404. On the spec's own path of an engine the spec lists as
 * coming soon, that is what it is; anywhere else the path itself is the likely fault (a profile
 * written for another deployment, a typo), so the message names the path tried and the profile.
 */
export function engineNotFoundMessage(profile: ServiceProfile, engine: EngineName, endpoint: string): string {
  const { label } = profile.engines[engine];
  const spec = ENGINES[engine];
  if (enginePath(profile, engine) === spec.path && spec.specAvailability === 'coming-soon')
    return `${label} is not available on the service yet (404 RESOURCE_NOT_FOUND; the spec lists it as coming soon)`;
  return (
    `${label}: ${endpoint} answered 404 RESOURCE_NOT_FOUND, so the service has no such path. ` +
    `The service profile "${profile.name}" may not match this deployment: check its paths in ` +
    `Settings → Service profile, or run with --profile live for the live service.`
  );
}

export function errorFromFailure(
  ctx: ErrorContext,
  spec: CallSpec<unknown>,
  result: Exclude<AttemptResult, { type: 'response' } | { type: 'too-large' }>,
  attempts: number,
  lastMeta: ResponseMeta | undefined,
): ApiError {
  const base = { attempts, endpoint: spec.endpoint, meta: lastMeta };
  switch (result.type) {
    case 'aborted':
      return new ApiError(
        { ...base, kind: 'aborted', message: `${spec.endpoint} was canceled`, reachedServer: attempts > 0 },
        ctx.secrets(),
      );
    case 'timeout':
      return new ApiError(
        {
          ...base,
          kind: 'timeout',
          message: `${spec.endpoint} timed out after ${spec.call === 'sync-monitor' ? ctx.syncTimeoutMs : ctx.timeoutMs} ms`,
          reachedServer: true,
        },
        ctx.secrets(),
      );
    case 'network':
      return new ApiError(
        {
          ...base,
          kind: 'network',
          message: `${spec.endpoint} failed: ${result.reachedServer ? 'the connection failed' : 'the service could not be reached'}${
            result.code ? ` (${result.code})` : ''
          }`,
          code: result.code,
          reachedServer: result.reachedServer,
        },
        ctx.secrets(),
      );
  }
}

export function outcomeOf(result: AttemptResult): AttemptOutcome {
  switch (result.type) {
    case 'response':
    case 'too-large':
      return { kind: 'http', status: result.status };
    case 'timeout':
      return { kind: 'timeout' };
    case 'aborted':
      return { kind: 'aborted' };
    case 'network':
      return { kind: 'network', reachedServer: result.reachedServer };
  }
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
