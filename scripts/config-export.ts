// npm run config:export [-- --out <dir>]: writes the configs every instance serves now (the newest
// stored versions: the web's deployment config, each partner app's, the connected services) as the
// JSON files they came from, so config as code keeps working beside the ops console. Without --out,
// each goes to the file the server reads (PORTAL_CONFIG or config/default.json, PORTAL_APP_CONFIGS,
// CLIENTS_FILE) and is noted as that file's version, so the next start does not take it as an edit;
// with --out, to <dir>/<target>.json, and nothing is noted. It reads the server's settings (DATA_DIR,
// DATABASE_URL…, SECRETS_KEY): run it where the server runs. Client secrets are written as their
// SHA-256 (`secretHash`), as they are stored. Exits 2 on a command line it does not take.
import fs from 'node:fs';
import path from 'node:path';
import { withServerContext } from '../server/plugin-api/command';
import { displayPath } from '../server/config/readJsonFile';

const USAGE = 'Usage: npm run config:export [-- --out <dir>]';
const args = process.argv.slice(2);
let out: string | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    process.exit(0);
  }
  if (arg === '--out' && args[i + 1] && !args[i + 1]!.startsWith('-')) out = path.resolve(args[++i]!);
  else if (arg.startsWith('--out=')) out = path.resolve(arg.slice('--out='.length));
  else {
    console.error(`config:export: '${arg}' is not taken here\n${USAGE}`);
    process.exit(2);
  }
}

try {
  const lines = await withServerContext(async (ctx) => {
    const written: string[] = [];
    if (out) fs.mkdirSync(out, { recursive: true });
    for (const target of ctx.configs.versionTargets()) {
      const version = ctx.configs.currentVersion(target);
      if (!version) continue;
      const file = out ? path.join(out, `${target}.json`) : ctx.configs.servedFile(target);
      if (!file) {
        written.push(`  ${target.padEnd(22)} version ${version.version}: not written (CLIENTS_FILE is not set; give --out <dir>)`);
        continue;
      }
      // Noted first: the file then matches its newest version when any server (this tool's own included) sees it change.
      if (!out) await ctx.configs.noteExported(target, file);
      // Written whole, then renamed: a server following the file never reads half of it.
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, `${JSON.stringify(version.body, null, 2)}\n`);
      fs.renameSync(temporary, file);
      written.push(`  ${target.padEnd(22)} version ${version.version} → ${displayPath(file)}`);
    }
    return written;
  });
  console.log(['Wrote the configs served now:', ...lines].join('\n'));
} catch (err) {
  console.error(`config:export: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
