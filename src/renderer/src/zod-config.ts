import { z } from 'zod';

// zod compiles parsers with new Function() when it may, and probes for that when schemas are
// built. The renderer's CSP forbids eval, so tell zod not to try before any schema module
// loads (main.tsx imports this first); otherwise its probe shows up as a CSP violation.
z.config({ jitless: true });
