import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { createMailer } from './mailer.ts';
import { passwordResetMail } from './messages.ts';

const LINK = 'http://127.0.0.1:8080/change-password/abcDEF_123-very-long-token-value-0123456789';

describe('mailer', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => void (smtp = await startSmtpCapture()));
  afterAll(() => smtp.close());

  it('delivers through the SMTP server of SMTP_URL, the link intact', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Portal <no-reply@portal.test>', outboxDir: '/nonexistent' });
    await mailer.send(passwordResetMail('Casey@Example.test', 'Casey', LINK, 1));
    const mail = await smtp.next('casey@example.test');
    expect(mail.subject).toBe('Reset your Distributor Portal password');
    expect(mail.text).toContain('Hello Casey,');
    expect(mail.links).toEqual([LINK]);
    expect(mail.html).toContain(`href="${LINK}"`);
  });

  it('without SMTP_URL writes an .eml file to the outbox and logs the link', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'Portal <no-reply@portal.test>', outboxDir, log: (l) => lines.push(l) });
    await mailer.send(passwordResetMail('casey@example.test', 'Casey', LINK, 1));
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/casey-example-test\.eml$/);
    const raw = await fs.readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toContain('Subject: Reset your Distributor Portal password');
    expect(lines[0]).toContain(LINK);
    await fs.rm(outboxDir, { recursive: true });
  });
});
