import { z } from 'zod';
import { US_STATES, type EngineName } from './engines';
import { isCountryCode } from './countries';

// The strict zod shape of every monitor endpoint's body (types, ranges, unknown keys), as the
// spec states them; the cross-field rules are in monitor-requests.ts.

export const MAX_TEXT_LENGTH = 10_000;
export const SEARCH_DEVICES = ['desktop', 'mobile', 'ios', 'android'] as const;
export const SEARCH_AI_DEVICES = ['desktop', 'mobile'] as const;

const US_STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));
export function isUsStateCode(value: unknown): value is string {
  return typeof value === 'string' && US_STATE_CODES.has(value);
}

export const COUNTRY_MESSAGE = 'country must be an upper-case ISO 3166-1 alpha-2 code';

// ---------------------------------------------------------------------------------------
// Field schemas

const textField = (label: 'Prompt' | 'Query') =>
  z
    .string()
    .refine((s) => s.trim().length > 0, `${label} cannot be empty`)
    .refine((s) => s.length <= MAX_TEXT_LENGTH, `${label} must be at most 10,000 characters`);

const countryField = z.string().refine(isCountryCode, COUNTRY_MESSAGE);
const glField = z
  .string()
  .refine((s) => isCountryCode(s.toUpperCase()), 'gl must be an ISO 3166-1 alpha-2 code (either case)');
const hlField = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'hl must be a language code such as en, de or pt-BR');
const stateField = z.string().refine(isUsStateCode, 'state must be a US state code such as CA or DC');
const locationField = z
  .string()
  .refine((s) => s.trim().length > 0, 'location cannot be empty')
  .refine((s) => s.length <= 500, 'location must be at most 500 characters');
const uuleField = z
  .string()
  .refine((s) => s.trim().length > 0, 'uule cannot be empty')
  .refine((s) => s.length <= 1000, 'uule must be at most 1,000 characters');
const pagesField = z.int().min(1, 'pages must be between 1 and 10').max(10, 'pages must be between 1 and 10');
const flag = z.boolean();

// ---------------------------------------------------------------------------------------
// Request bodies, one strict object per endpoint (unknown keys are a 400 on the service)

export const assistantARequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField,
  state: stateField.optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      markdown: flag.optional(),
      rawResponse: flag.optional(),
      searchQueries: flag.optional(),
      ads: flag.optional(),
      shopping: flag.optional(),
    })
    .optional(),
  legacy: flag.optional(),
  disableWebSearch: flag.optional(),
});

/** assistant-b, -c, -d and -e share one body. */
export const assistantRequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField,
  state: stateField.optional(),
  include: z
    .strictObject({ html: flag.optional(), markdown: flag.optional(), rawResponse: flag.optional() })
    .optional(),
});

export const searchRequestSchema = z.strictObject({
  query: textField('Query').optional(),
  url: z.string().optional(),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  location: locationField.optional(),
  uule: uuleField.optional(),
  device: z.enum(SEARCH_DEVICES).optional(),
  pages: pagesField.optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      aioverview: z.strictObject({ markdown: flag.optional() }).optional(),
      paaAioverview: flag.optional(),
      /** Ignored by the service since 8 September 2026; accepted so old bodies stay valid. */
      searchGoto: flag.optional(),
    })
    .optional(),
});

export const searchNewsRequestSchema = z.strictObject({
  query: textField('Query'),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  device: z.enum(SEARCH_DEVICES).optional(),
  pages: pagesField.optional(),
  include: z.strictObject({ html: flag.optional() }).optional(),
});

export const searchAiRequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  location: locationField.optional(),
  uule: uuleField.optional(),
  device: z.enum(SEARCH_AI_DEVICES).optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      markdown: flag.optional(),
      expandProducts: flag.optional(),
      searchGoto: flag.optional(),
    })
    .optional(),
});

export const gotoRequestSchema = z.strictObject({ url: z.string() });

export type AssistantARequest = z.infer<typeof assistantARequestSchema>;
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;
export type AssistantBRequest = AssistantRequest;
export type AssistantCRequest = AssistantRequest;
export type AssistantDRequest = AssistantRequest;
export type AssistantERequest = AssistantRequest;
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchNewsRequest = z.infer<typeof searchNewsRequestSchema>;
export type SearchAiRequest = z.infer<typeof searchAiRequestSchema>;
export type GotoRequest = z.infer<typeof gotoRequestSchema>;

export interface MonitorRequestMap {
  'assistant-a': AssistantARequest;
  'assistant-b': AssistantBRequest;
  'assistant-c': AssistantCRequest;
  'assistant-d': AssistantDRequest;
  'assistant-e': AssistantERequest;
  search: SearchRequest;
  'search-news': SearchNewsRequest;
  'search-ai': SearchAiRequest;
}
export type MonitorRequestOf<E extends EngineName> = MonitorRequestMap[E];
export type MonitorRequest = MonitorRequestMap[EngineName];

export const MONITOR_REQUEST_SCHEMAS: Readonly<Record<EngineName, z.ZodType>> = {
  'assistant-a': assistantARequestSchema,
  'assistant-b': assistantRequestSchema,
  'assistant-c': assistantRequestSchema,
  'assistant-d': assistantRequestSchema,
  'assistant-e': assistantRequestSchema,
  search: searchRequestSchema,
  'search-news': searchNewsRequestSchema,
  'search-ai': searchAiRequestSchema,
};
