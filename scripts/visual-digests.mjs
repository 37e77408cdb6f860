#!/usr/bin/env node
// Which stories' inputs changed since their references were last verified (tests/visual/README.md).
//
//   node scripts/visual-digests.mjs snapshot <storybook-static dir> <graph.json> <snapshot.json>
//       right after the build: the digests of its inputs as they were built (files edited during
//       the run must not be recorded as verified)
//   node scripts/visual-digests.mjs select <storybook-static dir> <graph.json> <digests.json> [snapshot.json]
//       prints the stories to shoot ("<title> <name>", one a line): those without a recorded
//       digest, or whose digest is no longer the recorded one
//   node scripts/visual-digests.mjs record <storybook-static dir> <graph.json> <digests.json> <shot> <trace> [snapshot.json]
//       after a run that passed: records the digest of each story named in the file <shot>, with
//       what it loaded (the run's <trace>, one JSON line a screenshot); drops stories that are gone
//   Without a snapshot the inputs are read as they are now.
//
// A story's digest covers what its picture depends on: every file its story file reaches in the
// build's module graph (core/build/moduleGraph.mjs), the code of the virtual modules it reaches,
// the installed packages (package-lock.json, but for the server's own), the Storybook set-up, Loki's settings, the browser's
// and the fonts' versions, and its reference images themselves.
// Through a catalogue (every plugin behind one lazy import; every locale file, bundled by the
// stories' i18n) it depends only on what it was seen to load when last shot: the plugins and locale
// namespaces its page reported (.storybook/preview.tsx). What it loads can only change with a file
// it already depends on, and then it is shot again, and what it loads recorded again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// VISUAL_DIGEST_ROOT: another project's files (scripts/visual-digests.test.ts).
const root = process.env.VISUAL_DIGEST_ROOT ?? path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const [command, staticDir, graphFile, digestsFile] = args;
const [shotFile, traceFile] = command === 'record' ? args.slice(4, 6) : [];
const snapshotFile = command === 'record' ? args[6] : command === 'select' ? args[4] : undefined;
if (!['snapshot', 'select', 'record'].includes(command) || !staticDir || !graphFile || !digestsFile || (command === 'record' && !traceFile)) {
  console.error('usage: node scripts/visual-digests.mjs snapshot|select|record <storybook-static dir> <graph.json> <digests.json|snapshot.json> [<shot> <trace>] [snapshot.json]');
  process.exit(2);
}

const sha = (data) => createHash('sha256').update(data).digest('hex');

/** @type {Record<string, { id: string; type: string; title: string; name: string; importPath: string }>} */
const entries = JSON.parse(readFileSync(path.join(staticDir, 'index.json'), 'utf8')).entries;
const stories = Object.values(entries).filter((e) => e.type === 'story');
const storyName = (e) => `${e.title} ${e.name}`;
const recorded = existsSync(digestsFile) ? JSON.parse(readFileSync(digestsFile, 'utf8')) : {};

if (!existsSync(graphFile)) {
  // No graph (a build without VISUAL_GRAPH): nothing is known to be unchanged.
  if (command === 'select') for (const e of stories) console.log(storyName(e));
  process.exit(0);
}
/** @type {Record<string, { imports: string[]; code?: string }>} */
const graph = JSON.parse(readFileSync(graphFile, 'utf8')).modules;

const LOCALE_CATALOGUES = new Set(['virtual:locale-files', './core/testing/testI18n.ts']);
/** The use a catalogue edge stands for ('plugin:<id>', 'ns:<namespace>'), or null for an edge that always counts. */
function useOf(from, to) {
  const plugin = /^\.\/plugins\/([^/]+)\//.exec(to);
  if (from === 'virtual:plugin-catalogue' && plugin) return `plugin:${plugin[1]}`;
  const locale = /^\.\/locales\/[^/]+\/([^/]+)\.json$/.exec(to);
  if (LOCALE_CATALOGUES.has(from) && locale) return `ns:${locale[1]}`;
  return null;
}

const fileText = new Map();
function text(id) {
  if (!fileText.has(id)) {
    let content = graph[id]?.code ?? '';
    if (id.startsWith('./') && !id.startsWith('./node_modules/')) {
      const file = path.join(root, id);
      content = existsSync(file) ? readFileSync(file, 'utf8') : '<missing>';
    }
    fileText.set(id, content);
  }
  return fileText.get(id);
}

// Storybook's preview (.storybook/preview.tsx and what it imports: providers, themes, i18n) is
// around every story.
const PREVIEW = 'virtual:/@storybook/builder-vite/project-annotations.js';

/** Every module a story file and the preview reach, through a catalogue only to what the story used. */
function closure(start, uses) {
  const seen = new Set();
  const stack = [start, PREVIEW];
  while (stack.length > 0) {
    const current = stack.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    for (const to of graph[current]?.imports ?? []) {
      const use = useOf(current, to);
      if (use === null || uses.has(use)) stack.push(to);
    }
  }
  return seen;
}

/**
 * The installed packages a picture can depend on: package-lock.json without the packages only
 * the server and the lint/report tools use (package.json's `visualDigest.serverOnly`, and what
 * only they pull in). A server library added or bumped shoots no story again. Listed by mistake,
 * a package the stories load is refused here: it shows in the build's module graph.
 */
function packagesDigest() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const serverOnly = new Set(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).visualDigest?.serverOnly ?? []);
  const ids = new Set(Object.entries(graph).flatMap(([id, { imports }]) => [id, ...imports]));
  const loaded = [...ids].filter((id) => [...serverOnly].some((name) => id.startsWith(`./node_modules/${name}/`)));
  if (loaded.length > 0) {
    console.error(`visual-digests: package.json's visualDigest.serverOnly names packages the stories load: ${loaded.slice(0, 3).join(', ')}`);
    process.exit(1);
  }
  const packages = lock.packages ?? {};
  const depsOf = (entry) => ({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies, ...entry.devDependencies });
  // Node's resolution: the nearest node_modules/<name> up from the package's own folder.
  const resolve = (from, name) => {
    for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return null;
    }
  };
  const rootEntry = packages[''] ?? {};
  const strip = (deps) => (deps ? Object.fromEntries(Object.entries(deps).filter(([name]) => !serverOnly.has(name))) : deps);
  const counted = new Map([['', { ...rootEntry, dependencies: strip(rootEntry.dependencies), devDependencies: strip(rootEntry.devDependencies) }]]);
  const stack = Object.keys(depsOf(counted.get(''))).map((name) => resolve('', name));
  while (stack.length > 0) {
    const key = stack.pop();
    if (key === null || counted.has(key)) continue;
    counted.set(key, packages[key]);
    for (const name of Object.keys(depsOf(packages[key]))) stack.push(resolve(key, name));
  }
  return JSON.stringify([{ ...lock, packages: undefined }, ...[...counted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
}

function globalDigest() {
  const parts = [packagesDigest()];
  const sb = path.join(root, '.storybook');
  for (const f of readdirSync(sb).sort()) parts.push(`${f}\n`, readFileSync(path.join(sb, f)));
  // Loki's settings but its configurations: those count per story (a story that a change of
  // `skipStories` does not concern is not shot again for it).
  const { configurations: _perStory, ...loki } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).loki;
  parts.push(JSON.stringify(loki));
  const quiet = (file, args) => {
    try {
      return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return `${file}: unavailable`;
    }
  };
  // VISUAL_DIGEST_ENVIRONMENT: the browser and fonts as given (the script's own tests; asking costs a second).
  const environment = process.env.VISUAL_DIGEST_ENVIRONMENT ?? `${quiet('/usr/bin/chromium', ['--version'])}\n${quiet('dpkg-query', ['-W', '-f', '${Package}=${Version}\\n', 'fonts-*']).split('\n').sort().join('\n')}`;
  parts.push(environment);
  return sha(Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p)))));
}

const { defaultFileNameFormatter } = createRequire(import.meta.url)('@loki/runner/src/commands/test/get-output-paths.js');
/** @type {Record<string, { skipStories?: string } & Record<string, unknown>>} */
const configurations = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).loki.configurations;
const referenceDir = path.join(root, 'tests/visual/reference');
/** Each configuration that shoots the story (as Loki decides: `skipStories` against "<title> <name>"), with its settings and reference image. */
function referenceDigest(e) {
  return Object.entries(configurations)
    .filter(([, { skipStories }]) => !skipStories || !new RegExp(skipStories, 'i').test(storyName(e)))
    .map(([configurationName, { skipStories: _skip, ...settings }]) => {
      const file = path.join(referenceDir, `${defaultFileNameFormatter({ configurationName, kind: e.title, story: e.name })}.png`);
      return `${configurationName} ${JSON.stringify(settings)}:${existsSync(file) ? sha(readFileSync(file)) : 'none'}`;
    })
    .join('\n');
}

/** @type {{ global: string; files: Record<string, string> } | null} */
const snapshot = snapshotFile && existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : null;
const global = snapshot?.global ?? globalDigest();
const fileSha = new Map(Object.entries(snapshot?.files ?? {}));
const shaOf = (id) => {
  if (!fileSha.has(id)) fileSha.set(id, sha(text(id)));
  return fileSha.get(id);
};

if (command === 'snapshot') {
  const files = {};
  for (const id of Object.keys(graph).sort()) if (!id.startsWith('./node_modules/')) files[id] = shaOf(id);
  writeFileSync(digestsFile, JSON.stringify({ global, files }));
  process.exit(0);
}
const byClosure = new Map();
/** @param {{ title: string; name: string; importPath: string }} e @param {string[]} uses */
function digest(e, uses) {
  const key = `${e.importPath}\n${uses.join(' ')}`;
  if (!byClosure.has(key)) {
    const lines = [...closure(e.importPath, new Set(uses))]
      .filter((id) => !id.startsWith('./node_modules/'))
      .sort()
      .map((id) => `${id} ${shaOf(id)}`);
    byClosure.set(key, sha(lines.join('\n')));
  }
  return sha(`${global}\n${byClosure.get(key)}\n${uses.join(' ')}\n${storyName(e)}\n${referenceDigest(e)}`);
}

if (command === 'select') {
  for (const e of stories) {
    const known = recorded[storyName(e)];
    if (!known || known.digest !== digest(e, known.uses)) console.log(storyName(e));
  }
} else {
  const shot = new Set(readFileSync(shotFile, 'utf8').split('\n').filter(Boolean));
  /** @type {Map<string, Set<string>>} story id -> what it loaded, over all its screenshots */
  const traces = new Map();
  for (const line of existsSync(traceFile) ? readFileSync(traceFile, 'utf8').split('\n').filter(Boolean) : []) {
    const { id, uses } = JSON.parse(line);
    traces.set(id, new Set([...(traces.get(id) ?? []), ...uses]));
  }
  const next = {};
  let untraced = 0;
  for (const e of stories) {
    const name = storyName(e);
    if (shot.has(name) && traces.has(e.id)) {
      const uses = [...traces.get(e.id)].sort();
      next[name] = { digest: digest(e, uses), uses };
    } else if (shot.has(name)) {
      untraced += 1; // shot but not heard from: it is shot again next time
    } else if (recorded[name]) next[name] = recorded[name];
  }
  const names = Object.keys(next).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // One story a line: a change of references shows as the lines of its stories.
  writeFileSync(digestsFile, `{\n${names.map((n) => ` ${JSON.stringify(n)}: ${JSON.stringify(next[n])}`).join(',\n')}\n}\n`);
  if (untraced > 0) console.error(`visual-digests: ${untraced} shot stories sent no trace; they are shot again next time`);
}
