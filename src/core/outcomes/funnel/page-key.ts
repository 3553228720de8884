// One key per page across the three sources: a citation is a full URL, a log line a path with
// its query, an analytics landing page a path ("/pricing?utm_source=chatgpt.com"). The key is
// the path without query, fragment or trailing slash ("/" for the home page).

export function pageKey(url: string): string {
  let path = url.trim();
  if (/^https?:\/\//iu.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  path = path.replace(/[?#].*$/u, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/u, '') || '/' : path;
}
