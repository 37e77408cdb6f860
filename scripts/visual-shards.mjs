#!/usr/bin/env node
// Splits the stories of a Storybook static build into N Loki shards.
//   [VISUAL_ONLY=<regex>] [VISUAL_STORIES=<file>] [VISUAL_SHOT=<file>] node scripts/visual-shards.mjs <storybook-static dir> <N>
// Prints N lines (fewer when there are fewer stories, none when none is left to shoot), one `--storiesFilter` regex each. Every story is in exactly one shard
// (anchored, escaped full names: Loki tests `${title} ${name}` against it, ignoring case).
// Stories are dealt out in index order (round robin), so the stories of one file, which
// cost about the same to shoot, are spread over every shard and the shards end together.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [dir, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!dir || !Number.isInteger(count) || count < 1) {
  console.error('usage: node scripts/visual-shards.mjs <storybook-static dir> <N>');
  process.exit(2);
}

/** @type {{ entries: Record<string, { type: string; title: string; name: string }> }} */
const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
// VISUAL_ONLY narrows the run to the stories whose `${title} ${name}` matches it (like loki's filter).
const only = process.env.VISUAL_ONLY ? new RegExp(process.env.VISUAL_ONLY, 'i') : null;
const named = Object.values(index.entries)
  .filter((entry) => entry.type === 'story')
  .map((entry) => `${entry.title} ${entry.name}`)
  .filter((name) => !only || only.test(name));
if (named.length === 0) {
  console.error(`visual-shards: no stories in ${dir}/index.json${only ? ` match VISUAL_ONLY=${only.source}` : ''}`);
  process.exit(1);
}
// VISUAL_STORIES=<file>: only these stories (one name a line: the ones whose inputs changed,
// scripts/visual-digests.mjs); none of them left is no error, there is nothing to shoot.
const chosen = process.env.VISUAL_STORIES ? new Set(readFileSync(process.env.VISUAL_STORIES, 'utf8').split('\n').filter(Boolean)) : null;
const names = chosen ? named.filter((name) => chosen.has(name)) : named;
// VISUAL_SHOT=<file>: the names dealt out, for the digests recorded after the run.
if (process.env.VISUAL_SHOT) writeFileSync(process.env.VISUAL_SHOT, names.map((n) => `${n}\n`).join(''));
if (names.length === 0) process.exit(0);

const escape = (text) => text.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');
// Never an empty shard: Loki fails a run that finds no story.
const shards = Array.from({ length: Math.min(count, names.length) }, () => []);
names.forEach((name, i) => shards[i % shards.length].push(escape(name)));
for (const shard of shards) console.log(`^(?:${shard.join('|')})$`);
