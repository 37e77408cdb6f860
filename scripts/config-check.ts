// npm run config:check [-- --help | --region <code> | --app <app type>] [files…]: see
// server/config/configReport.ts (CONFIG_CHECK_HELP says what it checks, its arguments, environment and
// exit codes). Without files: every config/*.json, the PORTAL_APP_CONFIGS files and CLIENTS_FILE.
// Besides the server's checks it builds each valid deployment config's plugin registry in every region,
// as the browser builds it (scripts/offlineRegistry.ts).
// Exits 1 when any file is invalid or its plugins clash, 2 on a command line it does not take.
import fs from 'node:fs';
import path from 'node:path';
import { configVocabulary } from '../server/config/knownNames';
import { CONFIG_CHECK_HELP, configReport, parseConfigCheckArgs, regionReport, UsageError, type ConfigCheckArgs, type RegistryCheck } from '../server/config/configReport';
import { outsideTextGaps } from '../server/config/pluginTexts';
import { displayPath } from '../server/config/readJsonFile';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '../core/i18n/languages';
import { parseAppConfigs, REPO_ROOT } from '../server/options';

let args: ConfigCheckArgs;
let appConfigFiles: ReturnType<typeof parseAppConfigs>;
try {
  // `npm run config:check --region Use` (no `--`): npm takes the option for itself and hands on 'Use' alone.
  const swallowed = ['region', 'app'].find((option) => process.env[`npm_config_${option}`] === 'true');
  if (swallowed) throw new UsageError(`npm took --${swallowed} for itself: put -- before the options (npm run config:check -- --${swallowed} …)`);
  args = parseConfigCheckArgs(process.argv.slice(2));
  appConfigFiles = process.env.PORTAL_APP_CONFIGS
    ? parseAppConfigs(process.env.PORTAL_APP_CONFIGS)
    : { partner_app_android: path.join(REPO_ROOT, 'config/app-android.json'), partner_app_ios: path.join(REPO_ROOT, 'config/app-ios.json') };
} catch (err) {
  if (!(err instanceof UsageError) && !(err instanceof Error && err.message.startsWith('PORTAL_APP_CONFIGS'))) throw err;
  console.error(`config:check: ${err.message}\n(npm run config:check -- --help says what it takes)`);
  process.exit(2);
}

if (args.help) {
  console.log(CONFIG_CHECK_HELP);
  process.exit(0);
}

const given = args.files.map((f) => path.resolve(f));
const vocabulary = await configVocabulary(REPO_ROOT);

if (args.app || args.region) {
  const appFile = args.app ? appConfigFiles[args.app] : undefined;
  if (args.app && !appFile && !given[0]) {
    console.error(`config:check: PORTAL_APP_CONFIGS names no config for ${args.app}; give its file after --app\n(npm run config:check -- --help says what it takes)`);
    process.exit(2);
  }
  const file = given[0] ?? appFile ?? path.join(REPO_ROOT, 'config/default.json');
  const report = regionReport(file, vocabulary, args.region, args.app);
  console.log(args.app ? `Pages opened by ${args.app} get ${displayPath(file)}.\n${report.text}` : report.text);
  process.exit(report.ok ? 0 : 1);
}

const repoConfigs = () =>
  fs
    .readdirSync(path.join(REPO_ROOT, 'config'))
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => path.join(REPO_ROOT, 'config', f));
const files = given.length
  ? given
  : [...new Set([...repoConfigs(), ...Object.values(appConfigFiles), ...(process.env.CLIENTS_FILE ? [path.resolve(process.env.CLIENTS_FILE)] : [])])];

/**
 * Each valid deployment config's plugin registry, built in every region as the browser builds it, in a
 * Node process of its own (scripts/offlineRegistry.ts). It needs Vite, a devDependency: without it, say so.
 */
async function registryCheck(): Promise<RegistryCheck | undefined> {
  try {
    import.meta.resolve('vite');
  } catch {
    console.log('note: the plugin registries are not built: Vite (a devDependency) is not installed; npm ci installs it\n');
    return undefined;
  }
  const { checkRegistriesApart } = await import('./offlineRegistry');
  return (targets) => checkRegistriesApart(REPO_ROOT, targets);
}

const texts = { gaps: outsideTextGaps(REPO_ROOT, LANGUAGE_CODES, DEFAULT_LANGUAGE), languages: LANGUAGE_CODES.length };
const report = await configReport(files, vocabulary, appConfigFiles, await registryCheck(), texts);
console.log(report.text);
process.exit(report.ok ? 0 : 1);
