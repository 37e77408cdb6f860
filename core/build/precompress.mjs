// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at
// the highest levels: the server sends the copy the browser accepts (@fastify/static
// preCompressed) instead of compressing on every request or not at all. index.html is not
// among them: the server stamps a nonce into it per response.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
export const COMPRESSIBLE = /\.(js|mjs|json|css|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compress every eligible file under `dir` (matching `only`, when given); returns how many were written. */
export async function precompressDir(dir, only) {
  const jobs = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (only && !only.test(file))) continue;
    jobs.push(
      readFile(file).then(async (source) => {
        if (source.length < MIN_BYTES) return 0;
        const [br, gzipped] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gz(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        return 1;
      }),
    );
  }
  return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
}

export function precompress({ dir, only }) {
  return {
    name: 'portal-precompress',
    async writeBundle() {
      await precompressDir(dir, only);
    },
  };
}
