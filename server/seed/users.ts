// Demo accounts (all with password DEMO_PASSWORD) plus generated users for the
// user-management screens, and their session analytics.
import { hash } from '@node-rs/argon2';
import type pg from 'pg';
import { copyRows } from '../db/copy.ts';
import { randomFor } from './random.ts';
import type { World } from './world.ts';

export const DEMO_PASSWORD = 'portal-demo';

type Title = 'Admin' | 'Leadership' | 'District Manager' | 'Distributor Rep' | 'Operations';

export interface UserSeed {
  email: string;
  contactName: string;
  title: Title;
  channelPartner: number | null;
  houses?: number[];
  locations?: number[];
  flags?: Partial<Record<'display_intel' | 'display_invoice' | 'display_payment_info' | 'is_multi_house' | 'is_internal_admin' | 'export_user' | 'invite_all', boolean>>;
  activated?: boolean;
  deactivated?: boolean;
  /** No last login and no session analytics: a user added later leaves the others' figures as they were. */
  noSessions?: boolean;
}

const FIRST = ['Jordan', 'Casey', 'Morgan', 'Riley', 'Taylor', 'Jamie', 'Quinn', 'Drew', 'Parker', 'Reese', 'Skyler', 'Rowan', 'Emerson', 'Hayden', 'Sawyer'];
const LAST = ['Walsh', 'Murphy', 'Nguyen', 'Patel', 'Garcia', 'Brooks', 'Sullivan', 'Kim', 'Rossi', 'Okafor', 'Lindqvist', 'Moreau', 'Haddad', 'Carver'];
const TITLES: Title[] = ['Leadership', 'District Manager', 'Distributor Rep', 'Distributor Rep', 'Operations'];

/** `extra`: users added after every other (the showcase's, showcase.ts), so no id or draw of the others moves. */
export async function seedUsers(client: pg.PoolClient, world: World, today: Date, extra: UserSeed[] = []): Promise<number> {
  const r = randomFor('users');
  const d = (key: string) => world.byKey.get(key)!.id;
  const merchantsOf = (id: number) => world.merchants.filter((m) => m.houseId === id).map((m) => m.id);
  const boston = merchantsOf(d('boston'));

  const users: UserSeed[] = [
    { email: 'admin@portal.test', contactName: 'Avery Admin', title: 'Admin', channelPartner: d('boston'),
      flags: { is_internal_admin: true, export_user: true, display_intel: true, display_invoice: true, display_payment_info: true } },
    { email: 'leader@harbor.test', contactName: 'Lena Leader', title: 'Leadership', channelPartner: d('boston'),
      houses: [d('boston'), d('portland'), d('harbor')],
      flags: { is_multi_house: true, display_intel: true, display_invoice: true, display_payment_info: true, invite_all: true } },
    { email: 'dm@harbor.test', contactName: 'Dana District', title: 'District Manager', channelPartner: d('boston'),
      locations: boston.slice(0, 30), flags: { display_intel: true } },
    { email: 'rep@harbor.test', contactName: 'Riley Rep', title: 'Distributor Rep', channelPartner: d('boston'),
      locations: boston.slice(0, 5), flags: { display_intel: false } },
    { email: 'ops@summit.test', contactName: 'Owen Operations', title: 'Operations', channelPartner: d('hartford'),
      flags: { invite_all: true, display_invoice: true } },
    { email: 'nopartner@portal.test', contactName: 'Nora Nopartner', title: 'Distributor Rep', channelPartner: null },
  ];
  const houses = world.distributors.filter((x) => x.house);
  for (let i = 0; i < 20; i++) {
    const house = houses[i % houses.length]!;
    const first = FIRST[i % FIRST.length]!;
    const last = r.pick(LAST);
    const title = r.pick(TITLES);
    const own = merchantsOf(house.id);
    users.push({
      email: `${first}.${last}${i + 1}@${house.key}.test`.toLowerCase(),
      contactName: `${first} ${last}`,
      title,
      channelPartner: house.id,
      locations: title === 'District Manager' || title === 'Distributor Rep' ? r.sample(own, r.int(2, 12)) : [],
      flags: { display_intel: r.chance(0.6), display_invoice: r.chance(0.4), display_payment_info: r.chance(0.3), invite_all: title === 'Leadership' },
      activated: i % 7 !== 3, // a few pending invitations
      deactivated: i === 12,
    });
  }

  // Added after the generated users so their ids stay put: a leader whose active house browser
  // tests may switch without disturbing tests that read leader@harbor.test's house at the same time.
  users.push({ email: 'houses@harbor.test', contactName: 'Hollis Houses', title: 'Leadership', channelPartner: d('boston'),
    houses: [d('boston'), d('portland'), d('harbor')],
    flags: { is_multi_house: true, display_intel: true, invite_all: true } });
  users.push(...extra);

  // One hash for everyone: argon2 is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD);
  const now = today.getTime();
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
  const sessionRows: (string | number)[][] = [];
  for (const [i, u] of users.entries()) {
    const id = i + 1;
    const activated = u.activated ?? true;
    const f = u.flags ?? {};
    const lastLogin = activated && !u.deactivated && !u.noSessions ? r.int(0, 20) : null;
    await client.query(
      `insert into users (id, email, contact_name, password_hash, title, display_intel, display_invoice,
         display_payment_info, is_multi_house, is_internal_admin, export_user, invite_all, channel_partner_id,
         active_distributor_id, activated_at, deactivated_at, password_reset_token, created_at, last_login_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13,$14,$15,$16,$17,$18)`,
      [id, u.email, u.contactName, activated ? passwordHash : null, u.title, !!f.display_intel, !!f.display_invoice,
        !!f.display_payment_info, !!f.is_multi_house, !!f.is_internal_admin, !!f.export_user, !!f.invite_all,
        u.channelPartner, activated ? daysAgo(300 - i) : null, u.deactivated ? daysAgo(10) : null,
        activated ? null : `seed-reset-${String(id).padStart(4, '0')}-${r.int(100000, 999999)}`,
        daysAgo(320 - i), lastLogin === null ? null : daysAgo(lastLogin)],
    );
    for (const h of u.houses ?? (u.channelPartner ? [u.channelPartner] : [])) {
      await client.query('insert into user_houses (user_id, distributor_id) values ($1, $2)', [id, h]);
    }
    if (u.locations?.length) {
      await client.query(
        'insert into user_locations (user_id, merchant_id) select $1, unnest($2::int[])', [id, u.locations]);
    }
    if (lastLogin !== null) {
      for (let s = 0, n = r.int(2, 25); s < n; s++) {
        const start = now - r.int(lastLogin, 45) * 86_400_000 - r.int(0, 36_000) * 1000;
        const seconds = r.int(30, 3600);
        sessionRows.push([id, new Date(start).toISOString(), new Date(start + seconds * 1000).toISOString(), seconds]);
      }
    }
  }
  await copyRows(client, 'user_sessions', ['user_id', 'start_time', 'end_time', 'time'], sessionRows);
  return users.length;
}
