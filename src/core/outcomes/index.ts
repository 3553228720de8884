// First-party outcomes: AI-referred traffic (GA4), search queries and pages (Search Console,
// Bing's AI Performance), imported from exports or pulled through Google's official clients,
// the prompts worth tracking, and the funnel that joins them with crawls and citations. The
// room's public face.

export * from './referrers';
export * from './imports';
export * from './suggest';
export * from './google';
export * from './service';
export * from './funnel';
