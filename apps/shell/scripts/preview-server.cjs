// Serves the built web apps the way production does, for a local look without the backend:
// /remotes.json lists the remotes, /remotes/* are the remotes' builds, everything else is
// the shell with index.html for client-side routes. Usage: node preview-server.cjs [port]
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const webRoot = path.resolve(__dirname, '../../../dist/web');
const port = Number(process.argv[2] ?? process.env.PORT ?? 8099);
const remoteNames = ['dashboard', 'editor', 'templates', 'billing'];
const manifest = Object.fromEntries(remoteNames.map((name) => [name, `/remotes/${name}/remoteEntry.js`]));
const contentTypes = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json', '.txt': 'text/plain' };

function sendFile(response, file) {
  fs.readFile(file, (error, body) => {
    if (error) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
}

/** Resolves a URL path inside a folder, refusing anything that climbs out of it. */
function fileIn(folder, urlPath) {
  const file = path.join(folder, path.normalize(decodeURIComponent(urlPath)));
  return file.startsWith(folder + path.sep) ? file : null;
}

const server = http.createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://preview');
  if (pathname === '/remotes.json') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(manifest));
    return;
  }
  if (pathname.startsWith('/remotes/')) {
    const file = fileIn(path.join(webRoot, 'remotes'), pathname.slice('/remotes/'.length));
    if (file) sendFile(response, file);
    else response.writeHead(404).end();
    return;
  }
  const shellRoot = path.join(webRoot, 'shell');
  const file = fileIn(shellRoot, pathname);
  if (file && fs.existsSync(file) && fs.statSync(file).isFile()) sendFile(response, file);
  else sendFile(response, path.join(shellRoot, 'index.html'));
});

server.listen(port, () => console.log(`Sopwright preview on http://localhost:${port}`));
