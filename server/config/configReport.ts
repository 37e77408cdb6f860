/**
 * `npm run config:check [files…]`: check configs the way the server will, then show what each
 * region (and each partner app) gets, so an operator sees the effect of a change before deploying.
 * A file holding a JSON array is a clients file (CLIENTS_FILE); any other is a deployment config.
 */
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import { isAppType, type AppType } from '../../core/contract/partnerApp';
import { checkClientsFile, checkDeploymentFile, type CheckedDeployment } from './servedConfigs';
import type { ConfigVocabulary } from './knownNames';
import { ConfigFileError, displayPath, readJsonFile } from './readJsonFile';

export interface Report {
  ok: boolean;
  text: string;
}

/** The app type a deployment config serves (partner-app plugin's appType), if any. */
function servedAppType(file: string): AppType | undefined {
  try {
    const raw = readJsonFile(file) as { plugins?: Record<string, { config?: { appType?: unknown } }> };
    const appType = raw.plugins?.['partner-app']?.config?.appType;
    return isAppType(appType) ? appType : undefined;
  } catch {
    return undefined; // the check below reports the file itself
  }
}

/** Each region's plugins: the default region in full, the others as what they add or drop. */
function describeRegions(checked: CheckedDeployment): string[] {
  const home = checked.config.api.defaultRegion;
  const base = checked.enabled[home];
  const count = (ids: string[]) => `${ids.length} plugin${ids.length === 1 ? '' : 's'}`;
  const lines = [`  ${`${home} (default)`.padEnd(14)} ${count(base)}${base.length ? `: ${base.join(', ')}` : ''}`];
  for (const region of REGION_CODES.filter((r): r is RegionCode => r !== home)) {
    const own = checked.enabled[region];
    const dropped = base.filter((id) => !own.includes(id)).map((id) => `-${id}`);
    const added = own.filter((id) => !base.includes(id)).map((id) => `+${id}`);
    const changed = [...dropped, ...added];
    lines.push(`  ${region.padEnd(14)} ${changed.length ? `${count(own)}: ${changed.join(' ')} (against ${home})` : `as ${home}`}`);
  }
  return lines;
}

export function configReport(files: readonly string[], vocabulary: ConfigVocabulary, appConfigFiles: Partial<Record<AppType, string>> = {}): Report {
  const out: string[] = [];
  let ok = true;
  for (const file of files) {
    const name = displayPath(file);
    try {
      if (Array.isArray(readJsonFile(file))) {
        const clients = checkClientsFile(file, vocabulary, []);
        out.push(`ok    ${name}: ${clients.length} connected service(s): ${clients.map((c) => c.id).join(', ') || '(none)'}`);
        continue;
      }
      const appType = servedAppType(file);
      const checked = checkDeploymentFile(file, vocabulary, appType);
      const serves = appType ? `partner app ${appType}` : 'web';
      out.push(`ok    ${name} (${checked.config.name}; ${serves})`, ...describeRegions(checked));
    } catch (err) {
      if (!(err instanceof ConfigFileError)) throw err;
      ok = false;
      out.push(...err.lines.map((line) => `FAIL  ${line}`));
    }
  }
  const apps = Object.entries(appConfigFiles).filter(([t]) => isAppType(t));
  if (apps.length) {
    out.push('', 'Pages opened by a partner app get:');
    for (const [appType, file] of apps) out.push(`  ${appType.padEnd(22)} ${displayPath(file!)}`);
  }
  out.push('', ok ? `All ${files.length} config file(s) are valid.` : 'Some config files are invalid: the server would refuse to start with them.');
  return { ok, text: out.join('\n') };
}
