declare module 'virtual:portal-config' {
  const config: unknown; // validated by core/config/loadConfig.ts before use
  export default config;
}

declare module 'virtual:plugin-catalogue' {
  import type { PluginModule } from '../registry/types';
  export const catalogue: Record<string, () => Promise<PluginModule>>;
  /** Production builds: one chunk of manifests per shipped config (core/boot/manifestGroups.ts); elsewhere none. */
  export const groups: ReadonlyArray<{ plugins: readonly string[]; value: () => Promise<Record<string, PluginModule>> }>;
}

declare module 'virtual:locale-files' {
  /** The messages of locales/<lang>/<ns>.json (fetched in production, bundled by Vite elsewhere). */
  export function loadLocale(lang: string, ns: string): Promise<Record<string, unknown>>;
  /** Outside plugins' texts by `<lang>/<ns>`, bundled up front for tests and stories (empty in the production build). */
  export const packageTexts: Record<string, Record<string, unknown>>;
}

declare module 'virtual:theme-catalogue' {
  import type { ThemeTokens } from '../../themes/tokens';
  /** Base themes by name, one per themes/<name>.theme.ts. */
  export const themes: Record<string, ThemeTokens>;
}

declare module 'virtual:common-passwords' {
  /** The most common passwords of the server's list, one a line, most common first. */
  const words: string;
  export default words;
}
