import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import type { Deps } from '../deps.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { LINE_VOLUME } from '../rollups/rollups.ts';
import { DIGEST_SECTIONS, type Alerts, type DigestContent } from '../../src/model/digest.ts';
import { formatMoney } from '../../src/model/format.ts';
import { computeDigest, digestWindows } from './content.ts';
import { startDigestQueue } from './queue.ts';
import { digestSender, sendDigest, unsubscribeUrl, type DigestSender } from './send.ts';
import { BAD_UNSUBSCRIBE_LINK, BAD_UNSUBSCRIBE_TITLE } from '../routes/digest.ts';

/** Mail kept in memory, with its headers; `failures` sends refused first (a mail server down). */
function memoryMailer(failures = 0): Mailer & { sent: Mail[]; failures: number } {
  const box = {
    sent: [] as Mail[], failures,
    async send(mail: Mail) {
      if (box.failures > 0) {
        box.failures -= 1;
        throw new Error('421 mail server busy');
      }
      box.sent.push(mail);
    },
  };
  return box;
}

describe.each(testTargets())('the win-back digest on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let deps: Deps;
  let dmId: number, leaderId: number, repId: number, bostonId: number;
  const now = new Date();
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const idOf = async (email: string) => (await q<{ id: number }>('select id from users where email = $1', [email]))[0]!.id;
  const sender = (mail: Mailer): DigestSender => ({ ...digestSender(deps), mail });
  const digestOf = async (userId: number) => (await computeDigest(deps, userId, { now, since, sections: DIGEST_SECTIONS }))!;
  const request = async (email: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${await loginToken(app, email)}` }, ...(payload ? { payload } : {}) });
  /** Boston's family: purchases from these houses are the house's own. */
  const family = async () => (await q<{ id: number }>(`select f.id from distributors d join distributors f on coalesce(f.parent_id, f.id) = coalesce(d.parent_id, d.id) where d.id = $1`, [bostonId])).map((r) => r.id);

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 80, months: 4 });
    ({ app, deps } = await testApp(db.pool));
    [dmId, leaderId, repId] = await Promise.all(['dm@harbor.test', 'leader@harbor.test', 'rep@harbor.test'].map(idOf));
    bostonId = (await q<{ id: number }>(`select id from distributors where nickname = 'Harbor Foods Boston'`))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('ranks the merchants whose competitor share rose most, with the amounts of the raw purchase lines', async () => {
    const w = digestWindows(now);
    const fam = await family();
    const raw = await q<{ merchant_id: number; month: string; total: string; competitor: string }>(
      `select l.merchant_id, to_char(l.invoice_date, 'YYYY-MM') as month, sum(${LINE_VOLUME}) as total,
              coalesce(sum(${LINE_VOLUME}) filter (where l.distributor_id <> all($4::int[])), 0) as competitor
         from purchase_lines l where l.merchant_id in (select merchant_id from user_locations where user_id = $1)
          and l.invoice_date between $2::date and $3::date group by 1, 2`, [dmId, w.previous.from, w.last.to, fam]);
    const at = (id: number, month: string) => raw.find((r) => r.merchant_id === id && r.month === month);
    const shareOf = (r: { total: string; competitor: string } | undefined) => (r && Number(r.total) > 0 ? Number(r.competitor) / Number(r.total) : 0);
    const merchants = [...new Set(raw.map((r) => r.merchant_id))];
    const rises = merchants
      .map((id) => ({ id, rise: shareOf(at(id, w.last.from.slice(0, 7))) - shareOf(at(id, w.previous.from.slice(0, 7))) }))
      .filter((r) => r.rise > 0).sort((a, b) => b.rise - a.rise).slice(0, 5);

    const digest = await digestOf(dmId);
    expect(rises.length).toBeGreaterThan(0);
    expect(digest.competitorShare!.map((r) => r.merchantId)).toEqual(rises.map((r) => r.id));
    for (const r of digest.competitorShare!) {
      const last = at(r.merchantId, w.last.from.slice(0, 7))!;
      expect(r.competitorVolume).toBeCloseTo(Number(last.competitor), 1);
      expect(r.totalVolume).toBeCloseTo(Number(last.total), 1);
      expect(r.share).toBeCloseTo(shareOf(last), 6);
    }
  });

  it('lists the top 5 win-back items with a rebated or deviated replacement, their money at stake from the raw lines', async () => {
    const w = digestWindows(now);
    const digest = await digestOf(dmId);
    expect(digest.winBack!.length).toBe(5);
    const stakes = digest.winBack!.map((r) => r.moneyAtStake);
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
    for (const row of digest.winBack!) {
      expect(row.replacement!.rebateType !== null || row.replacement!.deviationValue !== null).toBe(true);
      const [raw] = await q<{ volume: string }>(
        `select sum(${LINE_VOLUME}) as volume from purchase_lines l join items i on i.id = l.item_id
          where i.min = $1 and l.merchant_id in (select merchant_id from user_locations where user_id = $2)
            and l.invoice_date between $3::date and $4::date and l.distributor_id <> all($5::int[])`,
        [row.min, dmId, w.quarter.from, w.quarter.to, await family()]);
      expect(row.moneyAtStake).toBeCloseTo(Number(raw!.volume), 1);
    }
  });

  it("counts the paid checks of the user's merchants posted since the last digest, and the overpaid invoices", async () => {
    const [raw] = await q<{ count: number; total: string }>(
      `select count(*)::int as count, coalesce(sum(amount), 0) as total from rebate_checks
        where distributor_id = $1 and status = 'Paid' and posted_at > $2 and merchant_id in (select merchant_id from user_locations where user_id = $3)`,
      [bostonId, since, dmId]);
    await q('update users set display_payment_info = true, display_invoice = true where id = $1', [dmId]);
    const digest = await digestOf(dmId);
    expect(raw!.count).toBeGreaterThan(0);
    expect(digest.rebateChecks!.count).toBe(raw!.count);
    expect(digest.rebateChecks!.total).toBeCloseTo(Number(raw!.total), 2);
    const overpaid = await q<{ id: number }>(`select id from invoices where distributor_id = any($1) and overpaid_total > 0 and created_at > $2 order by created_at desc, id desc limit 10`,
      [await family(), since]);
    expect(digest.overpaidInvoices!.map((i) => i.id)).toEqual(overpaid.map((r) => r.id));
    // Without the flags, the sections are not there at all.
    const rep = await digestOf(repId);
    expect(rep.rebateChecks).toBeNull();
    expect(rep.overpaidInvoices).toBeNull();
  });

  it("never shows another family's merchant, even to a leader", async () => {
    const outside = new Set((await q<{ id: number }>(
      'select merchant_id as id from merchant_accounts where merchant_id not in (select merchant_id from merchant_accounts where distributor_id = $1)', [bostonId])).map((r) => r.id));
    await q('update users set display_payment_info = true where id = $1', [leaderId]);
    const digest: DigestContent = await digestOf(leaderId);
    const shown = [...digest.competitorShare!.map((r) => r.merchantId), ...digest.rebateChecks!.checks.map((c) => c.merchantId)];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((id) => outside.has(id))).toEqual([]);
    // Names some merchant of Boston does not share (chains repeat names across houses).
    const names = (await q<{ name: string }>(
      `select name from merchants where id = any($1) except select m.name from merchants m join merchant_accounts a on a.merchant_id = m.id and a.distributor_id = $2`,
      [[...outside], bostonId])).map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    const mail = memoryMailer();
    await sendDigest(sender(mail), leaderId, now, 'test-leader');
    const lines = mail.sent[0]!.text.split('\n');
    expect(names.flatMap((n) => lines.filter((l) => l.includes(`${n}:`)))).toEqual([]);
  });

  it('mails HTML and text with portal links, formatted amounts and one-click unsubscribe headers, once per period', async () => {
    const mail = memoryMailer();
    expect(await sendDigest(sender(mail), dmId, now, '2099-W01')).toBe('sent');
    expect(await sendDigest(sender(mail), dmId, now, '2099-W01')).toBe('already sent');
    expect(mail.sent).toHaveLength(1);
    const m = mail.sent[0]!;
    const digest = await digestOf(dmId);
    const first = digest.competitorShare![0]!;
    expect(m.text).toContain(`http://localhost:8080/competitiveinsights/items/${encodeURIComponent(first.merchant)}/${first.merchantId}`);
    expect(m.text).toContain(formatMoney(first.competitorVolume));
    expect(m.html).toContain(`<a href="http://localhost:8080/competitiveinsights/winback">`);
    expect(m.headers!['List-Unsubscribe']).toBe(`<${unsubscribeUrl(digestSender(deps), dmId)}>`);
    expect(m.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('unsubscribes with the signed link alone (RFC 8058 POST), and refuses a forged one', async () => {
    const url = new URL(unsubscribeUrl(digestSender(deps), repId));
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.body).toContain('<button class="button" type="submit">Unsubscribe</button>');
    expect(page.body).toContain('<style>'); // the card of the public pages, not a bare browser button
    expect((await deps.digest.preferences(repId)).frequency).toBe('weekly'); // opening the link changes nothing
    const forged = url.search.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
    expect((await app.inject({ method: 'POST', url: url.pathname + forged, payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    const res = await app.inject({ method: 'POST', url: url.pathname + url.search, payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect((await deps.digest.preferences(repId)).frequency).toBe('off');
    const mail = memoryMailer();
    expect(await sendDigest(sender(mail), repId, now)).toBe('off');
    expect(mail.sent).toHaveLength(0);
  });

  it('shows a browser a page, not JSON, for a tampered or cut-short link; scripts still get JSON', async () => {
    const url = new URL(unsubscribeUrl(digestSender(deps), repId));
    const tampered = url.pathname + url.search.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const link of [tampered, url.pathname + url.search.slice(0, 20), url.pathname]) {
      const res = await app.inject({ method: 'GET', url: link, headers: html });
      expect(res.statusCode, link).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`<h1>${BAD_UNSUBSCRIBE_TITLE}</h1>`);
      expect(res.body).toContain('href="/login"');
    }
    const posted = await app.inject({ method: 'POST', url: tampered, payload: 'List-Unsubscribe=One-Click',
      headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.statusCode).toBe(404);
    expect(posted.body).toContain(`<h1>${BAD_UNSUBSCRIBE_TITLE}</h1>`);
    const script = await app.inject({ method: 'GET', url: tampered });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toEqual(expect.objectContaining({ message: BAD_UNSUBSCRIBE_LINK }));
  });

  it('keeps the preferences chosen in Settings and refuses an unknown time zone', async () => {
    expect((await request('dm@harbor.test', 'GET', '/digest/preferences')).json()).toEqual({ frequency: 'weekly', sections: [...DIGEST_SECTIONS], timeZone: 'UTC' });
    const saved = await request('dm@harbor.test', 'POST', '/digest/preferences', { frequency: 'daily', sections: ['rebateChecks', 'winBack'], timeZone: 'America/New_York' });
    expect(saved.json()).toEqual({ frequency: 'daily', sections: ['winBack', 'rebateChecks'], timeZone: 'America/New_York' });
    expect((await request('dm@harbor.test', 'GET', '/digest/preferences')).json().frequency).toBe('daily');
    expect((await request('dm@harbor.test', 'POST', '/digest/preferences', { frequency: 'daily', sections: [], timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    const digest = (await computeDigest(deps, dmId, { now, since, sections: ['winBack'] }))!;
    expect(digest.competitorShare).toBeNull();
    expect(digest.winBack).not.toBeNull();
  });

  it('retries a failed send through the job queue and sends it once', async () => {
    const mail = memoryMailer(1);
    const queue = await startDigestQueue(db.pool, sender(mail), { retryDelaySeconds: 1, schedule: false });
    try {
      await queue.enqueue({ userId: leaderId, period: '2099-W02' });
      await expect.poll(() => mail.sent.length, { timeout: 20_000, interval: 200 }).toBe(1);
      expect(mail.failures).toBe(0);
      await queue.enqueue({ userId: leaderId, period: '2099-W02' }); // a second tick's job for the same week
      // Both jobs done (the first after its retry), the second without a second mail.
      const states = async () => (await q<{ state: string }>(
        `select state from pgboss.job where name = 'digest-send' and data->>'period' = '2099-W02' order by created_on`)).map((r) => r.state);
      await expect.poll(states, { timeout: 20_000, interval: 200 }).toEqual(['completed', 'completed']);
      expect(mail.sent).toHaveLength(1);
      expect(await deps.digest.sentPeriods(leaderId)).toContain('2099-W02');
    } finally {
      await queue.stop();
    }
  }, 40_000);

  it("schedules the tick, which queues one job per user whose Monday 07:00 it is, and sends each once", async () => {
    const mail = memoryMailer();
    const queue = await startDigestQueue(db.pool, sender(mail), { retryDelaySeconds: 1 });
    try {
      expect(await q('select name, cron from pgboss.schedule')).toContainEqual({ name: 'digest-tick', cron: '*/15 * * * *' });
      const weeklyInUtc = (await deps.digest.recipients()).filter((r) => r.preferences.frequency === 'weekly' && r.preferences.timeZone === 'UTC');
      expect(await queue.tick(new Date('2026-11-24T07:05:00Z'))).toBe(0); // a Tuesday
      expect(await queue.tick(new Date('2026-11-23T07:05:00Z'))).toBe(weeklyInUtc.length);
      expect(await queue.tick(new Date('2026-11-23T07:20:00Z'))).toBe(weeklyInUtc.length); // the hour's next tick queues them again
      const pending = async () => (await q<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'digest-send' and state in ('created', 'retry', 'active')`))[0]!.n;
      await expect.poll(pending, { timeout: 60_000, interval: 500 }).toBe(0);
      const sent = await q<{ user_id: number }>(`select user_id from digest_sends where period = '2026-W48'`);
      expect(sent.length).toBeGreaterThan(0);
      expect(mail.sent).toHaveLength(sent.length);
      expect(new Set(mail.sent.map((m) => m.to)).size).toBe(mail.sent.length);
    } finally {
      await queue.stop();
    }
  }, 90_000);

  it('shows the bell its items until it is opened', async () => {
    await q('update users set display_payment_info = true where id = $1', [leaderId]);
    const before = (await request('leader@harbor.test', 'GET', '/alerts')).json() as Alerts;
    expect(before.unread).toBeGreaterThan(0);
    expect(before.content.rebateChecks!.count).toBeGreaterThan(0);
    expect((await request('leader@harbor.test', 'POST', '/alerts/read')).statusCode).toBe(200);
    const after = (await request('leader@harbor.test', 'GET', '/alerts')).json() as Alerts;
    expect(after.unread).toBe(0);
    expect(after.readAt).not.toBeNull();
  });
});
