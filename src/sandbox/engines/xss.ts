// The XSS corpus: when a prompt contains [xss-corpus], the synthetic answer carries these
// payloads in its text, Markdown, HTML and source titles, so the app's renderer can be
// tested end to end against hostile engine output.

export const XSS_MARKER = '[xss-corpus]';

export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert("xss-script")</script>',
  '<img src=x onerror=alert("xss-img")>',
  '[click me](javascript:alert("xss-md-link"))',
  '<a href="javascript:alert(\'xss-a-href\')">details</a>',
  '<iframe src="javascript:alert(\'xss-iframe\')"></iframe>',
  '<svg onload=alert("xss-svg")></svg>',
  "<div style=\"background:url(javascript:alert('xss-style'));width:expression(alert('xss-expr'))\">styled</div>",
  '"><script>alert("xss-break-out")</script>',
  '<object data="data:text/html,<script>alert(\'xss-object\')</script>"></object>',
  '<body onload=alert("xss-body")>',
];

export const XSS_SOURCE_URL = 'javascript:alert("xss-source-url")';

export function hasXssMarker(prompt: string): boolean {
  return prompt.includes(XSS_MARKER);
}
