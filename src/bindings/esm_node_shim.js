// Prepended to the core ES module (--extern-pre-js). Emscripten 3.1.6's
// EXPORT_ES6 output still uses CommonJS `require` and `__dirname` under Node;
// give it both, derived from import.meta.url, and nothing in browsers/workers.
var require, __dirname;
if (typeof process === 'object' && process.versions && process.versions.node) {
  const { createRequire } = await import('node:module');
  require = createRequire(import.meta.url);
  __dirname = decodeURIComponent(new URL('.', import.meta.url).pathname);
}
