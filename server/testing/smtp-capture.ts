// A real SMTP server for tests: mail the portal sends is received, parsed and kept here.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
}

export interface SmtpCapture {
  /** For SMTP_URL / createMailer. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** The first message to `to` not taken yet, waiting for it if needed. */
  next(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(port = 0, host = '127.0.0.1'): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const text = email.text ?? '';
            messages.push({
              to: (email.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '').toLowerCase()),
              subject: email.subject ?? '',
              text,
              html: email.html ?? '',
              links: text.match(/https?:\/\/\S+/g) ?? [],
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  const find = (to: string) => messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://${host}:${actualPort}`,
    port: actualPort,
    messages,
    next(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(to);
          if (!found) return false;
          taken.add(found);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No email to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
