import { z } from 'zod';

// A monitor's client report branding: the client's name and the report's subject (the report's
// title, instead of the internal monitor name), a logo and an accent colour. Stored in the
// monitor's options; checked the same in the app's form, over IPC and on the CLI.

/** The logo file's largest size (the data: URI is a third larger). */
export const REPORT_LOGO_MAX_BYTES = 256 * 1024;
export const REPORT_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type ReportLogoType = (typeof REPORT_LOGO_TYPES)[number];

export interface ReportBranding {
  clientName: string | null;
  reportSubject: string | null;
  /** data:image/png|jpeg|svg+xml;base64,… (an SVG sanitised when saved). */
  logo: string | null;
  /** #rgb or #rrggbb. */
  accent: string | null;
}

export const NO_BRANDING: ReportBranding = {
  clientName: null,
  reportSubject: null,
  logo: null,
  accent: null,
};

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    // Blank means "not set".
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const accentSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'Give a colour as #0a7 or #00aa77');

const DATA_URI = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The logo as stored: a base64 data: URI of a PNG, JPEG or SVG within the size cap. */
export const logoDataUriSchema = z
  .string()
  .regex(DATA_URI, 'The logo must be a PNG, JPEG or SVG image')
  .refine(
    (v) => Math.floor(((DATA_URI.exec(v)?.[2]?.length ?? 0) * 3) / 4) <= REPORT_LOGO_MAX_BYTES,
    `The logo must be at most ${REPORT_LOGO_MAX_BYTES / 1024} KB`,
  );

export const reportBrandingSchema = z
  .object({
    clientName: text(120, 'The client name'),
    reportSubject: text(160, 'The report subject'),
    logo: logoDataUriSchema.nullable(),
    accent: accentSchema.nullable(),
  })
  .strict();

/** The media type and bytes of a logo data: URI (null when it is not one). */
export function decodeLogo(uri: string): { type: ReportLogoType; bytes: Uint8Array } | null {
  const match = DATA_URI.exec(uri);
  if (!match) return null;
  const binary = atob(match[2] as string);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return { type: match[1] as ReportLogoType, bytes };
}
