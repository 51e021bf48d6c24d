import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback for client tests: `/api/user` answers, `/api/slow` never does
 * (only the client's abort ends it, noted in `hungUp`), anything else goes to `extra`.
 */
export async function startLoopbackServer(
  extra: (url: string, body: string) => [number, unknown, Record<string, string>?] | null = () => null,
) {
  const seen: { method: string; url: string; auth: string | undefined; dataVersion: string | undefined; body: string }[] = [];
  const hungUp: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, dataVersion: req.headers['x-data-version'] as string | undefined, body });
      if (req.url === '/api/slow') return void res.on('close', () => hungUp.push(req.url!));
      const [status, payload, headers] = req.url === '/api/user' ? [200, { id: 7, name: 'Lena' }] : (extra(req.url!, body) ?? [404, { message: 'Not found' }]);
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    hungUp,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` holds (or about 2 s pass). */
export async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}
