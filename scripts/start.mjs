// npm start: builds the SPA when dist/index.html is missing, then runs the reference server
// (API + SPA on one origin, http://127.0.0.1:8080 by default; PORT overrides).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  if (fs.existsSync(path.join(root, 'rollup.config.mjs'))) {
    console.log('Building the portal (dist/ is missing)…');
    const build = spawnSync(bin('rollup'), ['-c', 'rollup.config.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The portal build failed; serving the API alone.');
    }
  } else {
    console.log('Notice: rollup.config.mjs not found, the portal cannot be built yet; serving the API alone.');
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HOST: '127.0.0.1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
