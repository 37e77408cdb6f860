// npm run config:check [files…]: see server/config/configReport.ts. Without files: every
// config/*.json, plus CLIENTS_FILE when set. Exits 1 when any file is invalid.
import fs from 'node:fs';
import path from 'node:path';
import { configVocabulary } from '../server/config/knownNames';
import { configReport } from '../server/config/configReport';
import { parseAppConfigs, REPO_ROOT } from '../server/options';

const given = process.argv.slice(2).map((f) => path.resolve(f));
const repoConfigs = () =>
  fs
    .readdirSync(path.join(REPO_ROOT, 'config'))
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => path.join(REPO_ROOT, 'config', f));
const files = given.length ? given : [...repoConfigs(), ...(process.env.CLIENTS_FILE ? [path.resolve(process.env.CLIENTS_FILE)] : [])];
const appConfigFiles = process.env.PORTAL_APP_CONFIGS
  ? parseAppConfigs(process.env.PORTAL_APP_CONFIGS)
  : { partner_app_android: path.join(REPO_ROOT, 'config/app-android.json'), partner_app_ios: path.join(REPO_ROOT, 'config/app-ios.json') };

const report = configReport(files, await configVocabulary(REPO_ROOT), appConfigFiles);
console.log(report.text);
process.exit(report.ok ? 0 : 1);
