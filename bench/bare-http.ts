// The floor every route is compared with: a bare node:http server answering a small JSON, in its own process like
// the real server. bench/api.ts starts it with PORT set.
import { createServer } from 'node:http';

const body = JSON.stringify({ ok: true });
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => process.exit(0));
