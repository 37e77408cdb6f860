import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/visual.sh with Storybook and Loki replaced by stubs in a copy of the scripts:
 * which stories each Loki process is told to shoot. The stub Storybook "builds" an index of
 * STORIES; the stub Loki records its arguments and passes.
 */
const STORIES = ['UI/Button Primary', 'UI/Button Danger', 'Plugins/SignIn/SignInView Empty'];
const repo = path.resolve(import.meta.dirname, '..');
let dir = '';

function project(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-visual-sh-'));
  for (const file of ['scripts/visual.sh', 'scripts/visual-shards.mjs', 'scripts/visual-digests.mjs', 'scripts/ensure-chromium.sh', 'scripts/serve-static.mjs', 'package.json']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  const bin = path.join(dir, 'node_modules/.bin');
  fs.mkdirSync(bin, { recursive: true });
  const entries = Object.fromEntries(STORIES.map((name, i) => {
    const [title, ...story] = name.split(' ');
    return [`s${i}`, { type: 'story', title, name: story.join(' ') }];
  }));
  fs.writeFileSync(
    path.join(bin, 'storybook'),
    `#!/usr/bin/env node
const fs = require('node:fs');
const out = process.argv[process.argv.indexOf('-o') + 1];
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(out + '/index.json', ${JSON.stringify(JSON.stringify({ v: 5, entries }))});
`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    path.join(bin, 'loki'),
    // STUB_FAIL: a regex of stories this Loki fails (as Loki 0.35 reports them); with
    // STUB_FAIL_ONCE, only the first time it is asked to shoot them.
    `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(path.join(dir, 'loki-calls.jsonl'))}, JSON.stringify(args) + '\\n');
const stories = ${JSON.stringify(STORIES)};
const filter = new RegExp(args[args.indexOf('--storiesFilter') + 1] ?? '.', 'i');
const failing = process.env.STUB_FAIL ? stories.filter((s) => filter.test(s) && new RegExp(process.env.STUB_FAIL).test(s)) : [];
const seen = ${JSON.stringify(path.join(dir, 'stub-failed-once'))};
if (failing.length > 0 && !(process.env.STUB_FAIL_ONCE && fs.existsSync(seen))) {
  fs.writeFileSync(seen, '');
  const escaped = failing.map((s) => s.replace(/\\//g, '\\\\\\\\/'));
  console.log('FAIL chrome.app/TESTS: Some tasks failed to run');
  console.log('You can update the reference files with:');
  console.log('loki update --storiesFilter="^' + (escaped.length > 1 ? '(' + escaped.join('|') + ')' : escaped[0]) + '\\\\$" --reactUri="http://127.0.0.1:1"');
  process.exit(1);
}
`,
    { mode: 0o755 },
  );
  fs.mkdirSync(path.join(dir, 'tests/visual/reference'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'tests/visual/reference/chrome.375_Other_Story.png'), '');
  return dir;
}

function run(args: string[], env: Record<string, string>) {
  const result = spawnSync('bash', [path.join(dir, 'scripts/visual.sh'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, VISUAL_ONLY: '', VISUAL_SHARDS: '', ...env },
  });
  const log = path.join(dir, 'loki-calls.jsonl');
  const calls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as string[]) : [];
  const filters = calls.map((args) => args[args.indexOf('--storiesFilter') + 1] ?? '(none)');
  return { status: result.status, output: `${result.stdout}${result.stderr}`, calls, filters };
}

/** Which of STORIES a Loki filter selects (Loki tests `${title} ${name}`, ignoring case). */
const shotBy = (filters: string[]) => STORIES.filter((name) => filters.some((f) => new RegExp(f, 'i').test(name)));

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('scripts/visual.sh: VISUAL_ONLY narrows a run', { timeout: 120_000 }, () => {
  it('to exactly one story when one matches (before, one match ran the whole suite)', () => {
    project();
    const { status, calls, filters, output } = run(['test'], { VISUAL_ONLY: 'Button Primary' });
    expect(status, output).toBe(0);
    expect(calls).toHaveLength(1);
    expect(filters).toEqual(['^(?:UI\\/Button Primary)$']);
    expect(shotBy(filters)).toEqual(['UI/Button Primary']);
  });

  it('to every match, split over the shards', () => {
    project();
    const { status, calls, filters, output } = run(['test'], { VISUAL_ONLY: '^UI/' });
    expect(status, output).toBe(0);
    expect(calls).toHaveLength(2);
    expect(shotBy(filters)).toEqual(['UI/Button Primary', 'UI/Button Danger']);
  });

  it('with one shard too', () => {
    project();
    const { filters } = run(['test'], { VISUAL_ONLY: '^UI/', VISUAL_SHARDS: '1' });
    expect(filters).toHaveLength(1);
    expect(shotBy(filters)).toEqual(['UI/Button Primary', 'UI/Button Danger']);
  });

  it('fails without running Loki when nothing matches', () => {
    project();
    const { status, calls, output } = run(['test'], { VISUAL_ONLY: 'No such story' });
    expect(status).not.toBe(0);
    expect(calls).toEqual([]);
    expect(output).toContain('match VISUAL_ONLY=No such story');
  });

  it('refuses to be combined with Loki arguments, which would silently ignore it', () => {
    project();
    const { status, calls, output } = run(['test', 'chrome.375'], { VISUAL_ONLY: 'Button' });
    expect(status).toBe(2);
    expect(calls).toEqual([]);
    expect(output).toContain('use --storiesFilter');
  });

  it('an update narrowed by VISUAL_ONLY deletes no other reference', () => {
    project();
    const { status, filters } = run(['update'], { VISUAL_ONLY: 'Danger' });
    expect(status).toBe(0);
    expect(shotBy(filters)).toEqual(['UI/Button Danger']);
    expect(fs.existsSync(path.join(dir, 'tests/visual/reference/chrome.375_Other_Story.png'))).toBe(true);
  });

  it('without VISUAL_ONLY every story is shot exactly once', () => {
    project();
    const { filters, output } = run(['test'], {});
    expect(filters, output).toHaveLength(2);
    expect(STORIES.map((name) => filters.filter((f) => new RegExp(f, 'i').test(name)).length)).toEqual([1, 1, 1]);
  });
});

describe('scripts/visual.sh: a failed story is shot once more', { timeout: 120_000 }, () => {
  it('and passes the run when it passes the second time, named as unsteady', () => {
    project();
    const { status, filters, output } = run(['test'], { STUB_FAIL: 'Danger', STUB_FAIL_ONCE: '1' });
    expect(status, output).toBe(0);
    expect(filters).toHaveLength(3);
    expect(shotBy([filters[2]!])).toEqual(['UI/Button Danger']);
    expect(output).toContain('UNSTEADY (failed once, passed again): ^UI\\/Button Danger$');
  });

  it('and fails the run when it fails again, shooting only the failed stories', () => {
    project();
    const { status, filters, output } = run(['test'], { STUB_FAIL: 'Danger|SignInView', VISUAL_SHARDS: '1' });
    expect(status, output).toBe(1);
    expect(filters).toHaveLength(2);
    expect(shotBy([filters[1]!])).toEqual(['UI/Button Danger', 'Plugins/SignIn/SignInView Empty']);
    expect(output).not.toContain('UNSTEADY');
  });

  it('but not in an update, which fails as it is', () => {
    project();
    const { status, filters } = run(['update'], { STUB_FAIL: 'Danger' });
    expect(status).toBe(1);
    expect(filters).toHaveLength(2);
  });
});
