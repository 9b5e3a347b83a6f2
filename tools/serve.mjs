// A static file server for the built site (no dependencies): node tools/serve.mjs DIR [PORT]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve } from 'node:path';

const root = resolve(process.argv[2] || 'build/wasm/site');
const port = Number(process.argv[3] || process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.png': 'image/png', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
};

// The sandbox worker for a reader's code may load its own module and compile
// the code, nothing else: no connections, no other scripts (docs/code_sandbox.md).
export const CODE_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'";
const extraHeaders = { 'code_worker.js': { 'Content-Security-Policy': CODE_WORKER_CSP } };

export function startServer(dir = root, listenPort = port, listenHost = host) {
  const base = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) { res.writeHead(403).end('forbidden'); return; }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': types[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache',
        ...extraHeaders[basename(file)] });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => server.listen(listenPort, listenHost, () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  const { port: actual } = server.address();
  console.log(`shufflelab is being served at http://${host}:${actual}/  (Ctrl+C to stop)`);
}
