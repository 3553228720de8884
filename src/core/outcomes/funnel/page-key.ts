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

/** pageKey for one join: each distinct URL keyed once (a year's rows repeat few pages). */
export function pageKeyer(): (url: string) => string {
  const keys = new Map<string, string>();
  return (url) => {
    let key = keys.get(url);
    if (key === undefined) keys.set(url, (key = pageKey(url)));
    return key;
  };
}
