import type { CapturedMail } from '../../server/testing/smtp-capture.ts';
import { MAIL_CAPTURE_HTTP_PORT } from './ports.ts';

/** The next email the portal delivered to `to` (waits up to `timeoutMs`); fails the test if none came. */
export async function nextMail(to: string, timeoutMs = 10_000): Promise<CapturedMail> {
  const res = await fetch(`http://127.0.0.1:${MAIL_CAPTURE_HTTP_PORT}/next?to=${encodeURIComponent(to)}&timeout=${timeoutMs}`);
  const body = await res.json();
  if (!res.ok) throw new Error(body.message);
  return body as CapturedMail;
}

/** The link of a portal email that leads to `path` (e.g. '/activate/'), as a path the page can open. */
export function linkTo(mail: CapturedMail, path: string): string {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(path));
  if (!link) throw new Error(`No ${path} link in "${mail.subject}": ${mail.text}`);
  return link.pathname;
}
