import { z } from 'zod';

// Main-to-renderer events. Payloads are validated in main before they are sent, so a
// renderer listener always gets the declared shape.

export const eventChannels = {
  /** Something a long task wants shown (e.g. a notice in the status bar). */
  'app.notice': z.object({
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
  }),
} as const;
