#!/usr/bin/env node
// Minimal static file server for the Storybook static build that Loki screenshots.
//   node scripts/serve-static.mjs <dir> [port]      (port 0 or omitted: any free port)
// Listens on 127.0.0.1 only and prints one line "serving <dir> at http://127.0.0.1:<port>"
// once it accepts connections. Stops on SIGTERM/SIGINT.
// Caching: Loki opens every story in a fresh tab, which loads the whole preview bundle
// again. Content-hashed files under /assets/ are immutable, so the browser takes them from
// its cache (and reuses V8's compiled code); every other file is revalidated (304).
import { appendFileSync, createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** A build's content-hashed file, e.g. /assets/iframe-Bx3kQ9aZ.js: its content never changes. */
const HASHED = /^\/assets\/.+[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const [dirArg, portArg = '0'] = process.argv.slice(2);
if (!dirArg) {
  console.error('usage: node scripts/serve-static.mjs <dir> [port]');
  process.exit(2);
}
const root = path.resolve(dirArg);
const port = Number(portArg);

async function resolveFile(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    const info = await stat(file);
    if (info.isDirectory()) {
      const index = path.join(file, 'index.html');
      const indexInfo = await stat(index);
      return { file: index, size: indexInfo.size, mtime: indexInfo.mtime };
    }
    return info.isFile() ? { file, size: info.size, mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

// What each story loaded (.storybook/preview.tsx sends it from a Loki tab), one JSON line each,
// appended to VISUAL_TRACE when set; taken and dropped otherwise, so a tab never sees an error.
const TRACE_FILE = process.env.VISUAL_TRACE ?? '';
function takeTrace(req, res) {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
    if (body.length > 65_536) req.destroy();
  });
  req.on('end', () => {
    try {
      const { id, uses } = JSON.parse(body);
      if (TRACE_FILE && typeof id === 'string' && Array.isArray(uses) && uses.every((u) => typeof u === 'string')) {
        appendFileSync(TRACE_FILE, `${JSON.stringify({ id, uses })}\n`);
      }
    } catch {
      // not a trace: nothing to keep
    }
    res.writeHead(204).end();
  });
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/__visual-trace') {
    takeTrace(req, res);
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
  const found = await resolveFile(pathname);
  if (!found) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found\n');
    return;
  }
  const lastModified = new Date(Math.floor(found.mtime.getTime() / 1000) * 1000);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  if (!Number.isNaN(since) && since >= lastModified.getTime()) {
    res.writeHead(304).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': found.size,
    'Last-Modified': lastModified.toUTCString(),
    'Cache-Control': HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(found.file)
    .on('error', () => res.destroy())
    .pipe(res);
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`serving ${root} at http://127.0.0.1:${actual}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
