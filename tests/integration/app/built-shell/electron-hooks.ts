// Module resolve hook (node:module register): `electron` resolves to the recording stand-in, for
// the built main bundle and for the packages it imports (electron-store). Loaded by Node itself,
// not by vitest, so it imports nothing but node: built-ins.

const stubUrl = new URL('./electron-stub.ts', import.meta.url).href;

interface ResolveResult {
  url: string;
  shortCircuit?: boolean;
}

export async function resolve(
  specifier: string,
  context: unknown,
  nextResolve: (specifier: string, context: unknown) => Promise<ResolveResult>,
): Promise<ResolveResult> {
  if (specifier === 'electron') return { url: stubUrl, shortCircuit: true };
  return nextResolve(specifier, context);
}
