// JSON columns: written with JSON.stringify, read back defensively (a column written by a
// future version or edited by hand must not crash a list view).

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function toJsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function parseStringArray(text: string | null): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function parseObject(text: string | null): Record<string, unknown> {
  const value = parseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
