import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE } from '../../core/i18n/languages';
import { configSchemaJson } from '../../server/config/configSchema';
import { freshConfigVocabulary } from '../../server/config/knownNames';
import { enablePlugin } from './enable';
import { phrasesByLanguage } from './phrases';
import { localeMessages, namesOf, pluginFiles, type PluginKind } from './templates';

export interface ScaffoldOptions {
  /** The repository (or a copy of it) to write into. */
  root: string;
  id: string;
  kind: PluginKind;
  /** The deployment config (config/<name>.json) that enables the plugin. */
  config: string;
  /** For a step: the server's error code that starts it. */
  code?: number;
  /** A server half too: plugins/<id>/server/, contract.ts (the route's path and answer, shared) and api.ts, the browser half's side of it. */
  server?: boolean;
}

/** Every file written or changed, relative to root. */
export async function scaffoldPlugin(options: ScaffoldOptions): Promise<string[]> {
  const { root, id, kind } = options;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) throw new Error(`'${id}' is not a plugin id: lower-case words joined by dashes (help-desk).`);
  const pluginDir = path.join(root, 'plugins', id);
  if (existsSync(pluginDir)) throw new Error(`plugins/${id} exists already.`);
  const localeClash = path.join(root, 'locales', DEFAULT_LANGUAGE, `${id}.json`);
  if (existsSync(localeClash)) throw new Error(`locales/${DEFAULT_LANGUAGE}/${id}.json exists already (the namespace is taken).`);
  const configFile = path.join(root, 'config', `${options.config}.json`);
  if (!existsSync(configFile)) throw new Error(`No deployment config config/${options.config}.json.`);
  const { phrases, missing } = phrasesByLanguage();
  if (missing.length) throw new Error(`scripts/newPlugin/phrases.ts has no phrases for ${missing.join(', ')}: add them first.`);

  const names = namesOf(id);
  const written: string[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
    written.push(file);
  };

  const extras = { code: options.code, server: options.server };
  for (const [file, text] of pluginFiles(kind, names, extras)) write(`plugins/${id}/${file}`, text);
  for (const [lang, row] of phrases) write(`locales/${lang}/${id}.json`, `${JSON.stringify(localeMessages(kind, names, row, extras), null, 2)}\n`);

  write(`config/${options.config}.json`, enablePlugin(readFileSync(configFile, 'utf8'), id));

  // The new id is a plugin a config may name: regenerate the schema editors complete from.
  write('config/schema.json', configSchemaJson(await freshConfigVocabulary(root)));
  return written;
}
