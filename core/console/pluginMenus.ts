/**
 * The menu entries plugins would add, for the ops console's preview of a switch (which entries
 * appear or disappear, for whom): read from the plugins' manifests (their static `menu`), loaded
 * through the page's catalogue as the portal loads them, and labelled in the operator's language
 * from each plugin's own locale file, without registering anything on the console's page.
 */
import { loadManifests } from '../boot/loadPlugins';
import type { LanguageCode } from '../i18n/languages';
import type { Messages } from '../i18n/namespaces';
import type { PluginManifest } from '../registry/types';

/** A menu entry a plugin would add, as the ops console's preview names it. */
export interface PluginMenuEntry {
  pluginId: string;
  path: string;
  /** The entry's label in the language asked for; its key where the plugin has no text for it. */
  label: string;
  /** Shown only when a condition holds (a screen width, an account's state): "for some". */
  conditional: boolean;
}

function lookUp(messages: Messages, key: string): string | null {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : null;
}

async function label(manifest: PluginManifest, labelKey: string, language: LanguageCode): Promise<string> {
  const [ns, key] = labelKey.includes(':') ? (labelKey.split(':', 2) as [string, string]) : [manifest.id, labelKey];
  const load = manifest.locales[ns];
  if (!load) return labelKey;
  try {
    return lookUp((await load(language)).default, key) ?? labelKey;
  } catch {
    return labelKey;
  }
}

/** The menu entries of these plugins, labelled in `language` (unknown ids are left out: the server's check names them). */
export async function pluginMenuEntries(ids: readonly string[], language: LanguageCode): Promise<PluginMenuEntry[]> {
  // Imported when asked: the plugin API (which every manifest imports) must not import the catalogue of manifests.
  const { catalogue } = await import('virtual:plugin-catalogue');
  const known = ids.filter((id) => catalogue[id]);
  const manifests = await loadManifests(known, catalogue);
  const entries = await Promise.all(
    manifests.flatMap((manifest) =>
      manifest.menu.map(async (entry) => ({ pluginId: manifest.id, path: entry.path, label: await label(manifest, entry.labelKey, language), conditional: entry.visible !== undefined })),
    ),
  );
  return entries;
}
