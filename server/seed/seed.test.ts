import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshlySeededDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { isSeeded } from './seed.ts';
import { DEMO_PASSWORD } from './users.ts';

const OPTIONS = { merchants: 20, months: 2, today: new Date('2026-03-15T12:00:00Z') };

// A fingerprint of the data that any nondeterminism would change.
async function fingerprint(db: ScratchDatabase) {
  const one = async (sql: string) => (await db.pool.query(sql)).rows;
  return {
    counts: await one(`select
      (select count(*) from distributors) as distributors, (select count(*) from merchants) as merchants,
      (select count(*) from items) as items, (select count(*) from purchase_lines) as lines,
      (select count(*) from rebates) as rebates, (select count(*) from rebate_checks) as checks,
      (select count(*) from users) as users`),
    sums: await one(`select sum(quantity) as quantity, sum(unit_price) as price, sum(start_guidance) as low,
      min(invoice_date)::text as first, max(invoice_date)::text as last from purchase_lines`),
    ids: await one(`select string_agg(id || ':' || platform_id, ',' order by id) as d from distributors
      union all select string_agg(id || ':' || platform_id || ':' || name, ',' order by id) from merchants
      union all select string_agg(id || ':' || email, ',' order by id) from users
      union all select string_agg(id || ':' || min, ',' order by id) from items`),
  };
}

describe.each(testTargets())('seed on $name', ({ adminUrl }) => {
  let a: ScratchDatabase;
  let b: ScratchDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshlySeededDatabase(adminUrl, OPTIONS), freshlySeededDatabase(adminUrl, OPTIONS)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.drop(), b?.drop()]);
  });

  it('produces identical data for the same options and day', async () => {
    const [fa, fb] = await Promise.all([fingerprint(a), fingerprint(b)]);
    expect(fa.counts[0].lines).toBeGreaterThan(1000);
    expect(fa).toEqual(fb);
    expect(await isSeeded(a.pool)).toBe(true);
  });

  it('creates the demo accounts with their titles, flags and the demo password', async () => {
    const { rows } = await a.pool.query(
      `select u.email, u.title, u.is_internal_admin, u.export_user, u.is_multi_house, u.display_intel,
              u.display_invoice, u.display_payment_info, u.invite_all, u.activated_at is not null as activated,
              u.password_hash, d.nickname as channel_partner,
              (select count(*) from user_locations l where l.user_id = u.id) as locations,
              (select array_agg(h.nickname order by h.nickname) from user_houses x join distributors h on h.id = x.distributor_id
                where x.user_id = u.id) as houses
         from users u left join distributors d on d.id = u.channel_partner_id
        where u.email like any (array['%@portal.test', '%@harbor.test', '%@summit.test'])`);
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(by['admin@portal.test']).toMatchObject({ title: 'Admin', is_internal_admin: true, export_user: true, channel_partner: 'Harbor Foods Boston' });
    expect(by['leader@harbor.test']).toMatchObject({
      title: 'Leadership', is_multi_house: true, display_intel: true, display_invoice: true, display_payment_info: true,
      invite_all: true, houses: ['Harbor Foods (PA)', 'Harbor Foods Boston', 'Harbor Foods Portland'],
    });
    expect(by['dm@harbor.test']).toMatchObject({ title: 'District Manager', display_intel: true });
    expect(by['dm@harbor.test'].locations).toBeGreaterThan(0);
    expect(by['rep@harbor.test']).toMatchObject({ title: 'Distributor Rep', display_intel: false, locations: 5 });
    expect(by['ops@summit.test']).toMatchObject({ title: 'Operations', invite_all: true });
    expect(by['ops@summit.test'].channel_partner).toMatch(/^Summit Provisions /);
    expect(by['nopartner@portal.test']).toMatchObject({ channel_partner: null });
    for (const u of rows) {
      expect(u.activated).toBe(true);
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
    }
    expect(await verify(by['admin@portal.test'].password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('includes competitor lines, lines without a Market Index, and every rebate type', async () => {
    const { rows: [lines] } = await a.pool.query(
      `select count(*) filter (where d.parent_id is distinct from h.parent_id) as competitor,
              count(*) filter (where p.start_guidance = 0 and p.end_guidance = 0) as no_index,
              count(*) filter (where p.unit_price is null) as no_price
         from purchase_lines p
         join distributors d on d.id = p.distributor_id
         join merchant_accounts ma on ma.merchant_id = p.merchant_id
         join distributors h on h.id = ma.distributor_id and h.nickname in ('Harbor Foods Boston', 'Harbor Foods Portland')`);
    expect(lines.competitor).toBeGreaterThan(0);
    expect(lines.no_index).toBeGreaterThan(0);
    expect(lines.no_price).toBeGreaterThan(0);
    const types = (await a.pool.query('select distinct type from rebates order by type')).rows.map((r) => r.type);
    expect(types).toEqual(['FIXED_AMOUNT_PER_QTY', 'FIXED_AMOUNT_PER_WEIGHT', 'PERCENT_OF_COST', 'PERCENT_OF_PRICE']);
    const { rows: [checks] } = await a.pool.query(
      `select count(distinct quarter) as quarters, count(*) filter (where status = 'Paid') as paid from rebate_checks`);
    expect(checks).toMatchObject({ quarters: 8 });
    expect(checks.paid).toBeGreaterThan(0);
  });
});
