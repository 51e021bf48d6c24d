import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged when the message only goes to the outbox. */
  link: string;
  /** Extra headers (the digest's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://); unset writes .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}

/** Real email through SMTP, or, without a server, the same message as a file so the demo works offline. */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line) => console.log(line));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ link: _link, ...mail }) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ link, ...mail }) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug(mail.to)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`Email to ${mail.to} ("${mail.subject}") written to ${file}; link: ${link}`);
    },
  };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 60);
