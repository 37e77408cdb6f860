export const LOGIN_FIRST: ReadonlyArray<{ plugin: string; module: string }>;
export const LOGIN_FIRST_NAMESPACES: readonly string[];
export const LOGIN_FIRST_LOCALE_FILE: string;
export const LOGIN_SHARED_CHUNK: string;
export function loginSharedChunks(
  root: string,
  plugins: readonly string[],
  entry?: string,
): (id: string, api: { getModuleInfo(id: string): { importedIds: readonly string[]; ast: unknown; exports: string[] | null } | null }) => string | undefined;
