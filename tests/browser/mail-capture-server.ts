// Run by playwright.config.ts next to the portal: an SMTP server the portal sends to, and a
// small HTTP API the browser tests read the delivered messages from.
import http from 'node:http';
import { startSmtpCapture } from '../../server/testing/smtp-capture.ts';

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.HTTP_PORT);

const capture = await startSmtpCapture(smtpPort);
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return reply(200, { ok: true });
  if (url.pathname === '/next') {
    capture
      .next(url.searchParams.get('to') ?? '', Number(url.searchParams.get('timeout') ?? 10_000))
      .then((mail) => reply(200, mail), (error: Error) => reply(404, { message: error.message }));
    return;
  }
  reply(404, { message: 'not found' });
});
server.listen(httpPort, '127.0.0.1');
const stop = () => void capture.close().then(() => server.close(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
