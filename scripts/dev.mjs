// `npm run dev`: rollup rebuilds the SPA on every change (dist/), and the reference server
// restarts when server/ changes (tsx watch). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const children = [];
const run = (cmd, args, env = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) shutdown(code);
  });
  return child;
};
function shutdown(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

rmSync('dist/index.html', { force: true });
run(bin('rollup'), ['-c', 'rollup.config.mjs', '-w', '--no-watch.clearScreen']);
// The server serves whatever rollup last wrote; wait for the first build before starting it.
const started = Date.now();
const wait = setInterval(() => {
  if (existsSync('dist/index.html')) {
    clearInterval(wait);
    run(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts']);
  } else if (Date.now() - started > 120_000) {
    console.error('dev: the first build did not finish within 2 minutes');
    shutdown(1);
  }
}, 300);
