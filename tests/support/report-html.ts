import { createRequire } from 'node:module';

// A client report's HTML parsed back with jsdom (the same DOM implementation as the renderer
// tests), for the report tests. jsdom ships no type declarations and the Node-side tests are
// compiled without the DOM lib, so the few DOM members the tests read are declared here.

export interface ReportElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ReportElement | null;
  querySelectorAll(selector: string): ArrayLike<ReportElement>;
}

export interface ReportDocument extends ReportElement {
  readonly title: string;
}

interface JsdomModule {
  JSDOM: new (html: string) => { window: { document: ReportDocument; close(): void } };
}

const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as JsdomModule;

/** Parses the page as a browser would (no script runs: jsdom runs none unless asked). */
export function parseReportHtml(html: string): ReportDocument {
  return new JSDOM(html).window.document;
}

/** Every element of the document, for attribute sweeps. */
export function allElements(doc: ReportDocument): ReportElement[] {
  return Array.from(doc.querySelectorAll('*'));
}
