// Spec: accounts-and-administration.md §5 Validation rules. Every registered route, fed hostile bodies, queries, params and headers by fast-check, as
// nobody, a leader and an internal admin: ids past 32 bits, emails past 254 characters,
// multipart forms with NUL and non-ASCII file names or no end. Never a 5xx; every refusal is
// JSON {message}; and a refused request writes nothing. FUZZ_RUNS (default 12 per route and caller) and FUZZ_SEED set the
// search; `npm run fuzz -- --runs 200` runs a long one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { loadIds, SAMPLES, type Ids } from './route-samples.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CALLERS = [null, 'leader@harbor.test', 'admin@portal.test'] as const;

// Hostile values: what broke servers before (the security review's findings) and what breaks them usually.
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[2J', '%00', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '9999-12-31', '0000-00-00', 'CP-000000', 'NaN', '-1', '1e309'),
  fc.string({ minLength: 2000, maxLength: 5000 }),
  // Ids past what a PostgreSQL int holds, as a path or query names them.
  fc.constantFrom('2147483648', '9999999999', '4294967296', '9007199254740993', '00000000001'),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 64n }).map(String),
);
/**
 * An address past the 254 characters any mailbox has. Varied characters: a run of one letter
 * compresses so well that its index entry would fit where a real long address does not.
 */
const longEmail = fc.tuple(fc.integer({ min: 255, max: 4000 }), fc.integer({ min: 1, max: 2 ** 30 })).map(([n, seed]) => {
  let x = seed;
  const local = Array.from({ length: n - 12 }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31), (x >> 8).toString(36).slice(-1))).join('');
  return `${local}@harbor.test`;
});
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2147483648, -2147483649, 9999999999, Number.MAX_SAFE_INTEGER, -0, 1e308, 0.5),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;
/** A deeply nested value, past what any codec expects. */
const deep = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: [v] };
  return v;
});

/** A body shaped like the route's (its keys, with hostile values), or anything at all. */
const bodyFor = (keys: readonly string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }),
    hostileValue,
    deep,
    fc.constant(JSON.parse('{"__proto__": {"isInternalAdmin": true}, "email": "x@y.test"}')),
  );

const KNOWN_KEYS = [
  'email', 'password', 'id', 'merchants', 'merchantIds', 'startDate', 'endDate', 'showRebates', 'showDeviations', 'title',
  'locations', 'inviteAll', 'displayPaymentInfo', 'displayIntel', 'siteUrl', 'min', 'manufacturerPlatformId', 'comment',
  'partnerPlatformId', 'contactName', 'newPassword', 'repeatPassword', 'startTime', 'endTime', 'time', 'accessToken',
];
const QUERY_KEYS = ['page', 'search', 'sort', 'order', 'manufacturers', 'categories', 'user_id', 'platformId'];

/** The route's own plausible body with one field made hostile, or every string given a control character. */
const mutated = (sample: unknown) => {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return bodyFor(KNOWN_KEYS);
  const fields = sample as Record<string, unknown>;
  const keys = Object.keys(fields);
  const poisoned = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? `${v}\u0000` : v]));
  // Every email of the body (or a new one) far too long, the rest as plausible as the sample.
  const emailKeys = keys.filter((k) => /email/i.test(k));
  const longEmails = longEmail.map((email) => ({ ...fields, ...Object.fromEntries((emailKeys.length ? emailKeys : ['email']).map((k) => [k, email])) }));
  // Weighted towards bodies that pass the obvious checks, where a hostile value reaches furthest.
  return fc.oneof(
    { arbitrary: keys.length > 0 ? fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...fields, [k]: v })) : fc.constant(fields), weight: 3 },
    { arbitrary: fc.constant(poisoned), weight: 3 },
    { arbitrary: longEmails, weight: emailKeys.length ? 2 : 1 },
    { arbitrary: bodyFor(KNOWN_KEYS), weight: 1 },
  );
};

/** The routes that take a multipart upload, with their form's file field and text fields: most of their cases are forms. */
const UPLOADS: Record<string, { field: string; fields: Record<string, string> }> = {
  'POST /api/invoice': { field: 'imageFile', fields: { description: 'Weekly produce', merchant: 'Blue Anchor Grill' } },
  'POST /api/invoice/:id': { field: 'imageFile', fields: {} },
  'POST /api/admin/imports': { field: 'file', fields: {} },
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A browser-like form whose file name holds a NUL, a quote, a line break or any script, and whose body may never reach its end. */
const hostileForm = (own = UPLOADS['POST /api/invoice']!) => fc
  .record({
    name: fc.oneof(
      // A control character (NUL first) in a name that is otherwise what the route takes.
      {
        weight: 4,
        arbitrary: fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\u0000', '\u0000', '\u0001', '\u001b'), fc.constantFrom('.csv', '.xlsx', '.png'))
          .map(([stem, control, ext]) => `${stem}${control}${ext}`),
      },
      fc.constantFrom('page\u0000.png', 'a\u0000.csv', 'Rückläufer 日本.csv', 'счёт.png', '"quoted".csv', 'line\r\nbreak.png', '', '.csv', '../../x.csv'),
      fc.string({ unit: 'binary', maxLength: 300 }).map((n) => `${n}.csv`),
      fc.string({ minLength: 300, maxLength: 2000 }),
    ),
    field: fc.constantFrom(own.field, own.field, own.field, 'other'),
    data: fc.oneof(fc.constant(PNG), fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)), fc.constant(Buffer.from('distributor_platform_id,min\nCP-000001,M1\n'))),
    fields: fc.constantFrom<Record<string, string>>(own.fields, own.fields, {}, { description: '\u0000', merchant: 'x'.repeat(3000) }),
    truncate: fc.constantFrom(false, false, true),
  })
  .map(({ name, field, data, fields, truncate }) => multipartForm(fields, { field, name, data }, truncate));

interface Drawn {
  params: string[];
  query: Record<string, string>;
  body: unknown;
  contentType: string;
  form: ReturnType<typeof multipartForm> | null;
  viewAs: string | undefined;
}

/** The request a drawn case makes of the route. */
const toRequest = (route: string) => ({ params, query, body, contentType, form, viewAs }: Drawn) => {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  let i = 0;
  const url = path.replace(/:\w+/g, () => encodeURIComponent(params[i++] ?? 'x'));
  const qs = new URLSearchParams(query).toString();
  // Sent as JSON text whatever the content type claims: the server must cope with the mismatch.
  const payload = typeof body === 'string' && contentType !== 'application/json' ? body : JSON.stringify(body) ?? 'null';
  return {
    method,
    url: qs ? `${url}?${qs}` : url,
    payload: method === 'GET' ? undefined : form ? form.payload : payload,
    headers: { 'content-type': form ? form.headers['content-type'] : contentType, ...(viewAs !== undefined ? { 'x-view-as': encodeURIComponent(viewAs) } : {}) },
  };
};

const requestFor = (route: string, sample: InjectOptions) => {
  const method = route.split(' ')[0];
  return fc
    .record({
      params: fc.array(hostileString, { minLength: 2, maxLength: 2 }),
      query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), hostileString, { maxKeys: 3 }),
      body: mutated(sample.payload),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      form: method === 'GET' ? fc.constant(null) : fc.oneof({ arbitrary: hostileForm(UPLOADS[route]), weight: UPLOADS[route] ? 3 : 1 }, { arbitrary: fc.constant(null), weight: UPLOADS[route] ? 1 : 7 }),
      viewAs: fc.option(fc.oneof(hostileString, hostileNumber.map(String)), { nil: undefined }),
    })
    .map(toRequest(route));
};

/**
 * Cases every run sends whatever the seed, built from the route's sample: each id of the path
 * past 32 bits, each email 4,000 characters long, and for an upload a NUL and a non-ASCII file
 * name and a body that breaks off.
 */
function mustTry(route: string, sample: InjectOptions): [ReturnType<ReturnType<typeof toRequest>>][] {
  const base: Drawn = { params: ['1', '1'], query: {}, body: sample.payload ?? {}, contentType: 'application/json', form: null, viewAs: undefined };
  const pattern = route.split(' ')[1]!.split('/');
  const fromSample = (typeof sample.url === 'string' ? sample.url.split('?')[0]! : '').split('/').filter((_, i) => pattern[i]?.startsWith(':'));
  const drawn: Drawn[] = [];
  if (fromSample.length > 0) drawn.push({ ...base, params: fromSample.map(() => '9999999999') });
  const payload = sample.payload;
  if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload) && Object.keys(payload).some((k) => /email/i.test(k))) {
    const body = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, /email/i.test(k) ? `${'x1y2z3'.repeat(665)}@harbor.test` : v]));
    drawn.push({ ...base, params: fromSample, body });
  }
  const own = UPLOADS[route];
  if (own) {
    for (const [name, truncate] of [['page\u0000.csv', false], ['Rückläufer 日本.csv', false], ['page.csv', true]] as const) {
      drawn.push({ ...base, params: fromSample, form: multipartForm(own.fields, { field: own.field, name, data: PNG }, truncate) });
    }
  }
  return drawn.map((d) => [toRequest(route)(d)]);
}

describe.each(testTargets())('fuzzing every route on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();
  let cases = 0;
  let fiveHundreds = 0;

  let ids: Ids;

  let dataDir = '';

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    // Uploads the fuzz gets accepted land in a folder of its own, removed at the end.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-'));
    ({ app } = await testApp(db.pool, { dataDir }));
    ids = await loadIds(db.pool);
  });
  afterAll(async () => {
    console.log(`fuzz: ${cases} hostile requests over ${routes().length} routes, ${fiveHundreds} answered 5xx`);
    await app?.close();
    await db?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Everything a request may change; the login-attempt ledger aside (counting failures is its job). */
  const fingerprint = async () =>
    (await db.pool.query(`select md5(concat_ws('|',
        (select string_agg(concat_ws(',', id, email, title, display_intel, display_payment_info, display_invoice, is_multi_house,
                                     invite_all, approval, deactivated_at, password_hash, active_distributor_id), ';' order by id) from users),
        (select count(*) from user_locations), (select count(*) from user_houses), (select count(*) from account_tokens),
        (select count(*) from match_feedback), (select count(*) from user_sessions), (select count(*) from auth_sessions),
        (select count(*) from announcements))) as f`)).rows[0].f as string;

  const renewEndedSessions = async () => {
    for (const [email, token] of tokens) {
      if ((await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode === 401) {
        tokens.set(email, await loginToken(app, email));
      }
    }
  };

  const routes = () => app.routeTable.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

  it('never answers 5xx, always explains a refusal, and a refusal changes nothing', { timeout: Math.max(240_000, RUNS * 20_000) }, async () => {
    for (const email of CALLERS) if (email) tokens.set(email, await loginToken(app, email));
    // What the database holds after the last request that was allowed to write: nothing else
    // writes while the fuzz runs, so a refusal must leave exactly this.
    let written = await fingerprint();
    const problems: string[] = [];
    for (const route of routes()) {
      for (const email of CALLERS) {
        await fc.assert(
          // A route without a sample is still fuzzed (route-matrix.test.ts names it as missing).
          fc.asyncProperty(requestFor(route, SAMPLES[route]?.(ids) ?? { payload: {} }), async (request) => {
            const res = await app.inject({
              ...request,
              headers: { ...request.headers, ...(email ? { authorization: `Bearer ${tokens.get(email)}` } : {}) },
              remoteAddress: `10.44.${cases >> 8 & 255}.${cases & 255}`,
            });
            cases += 1;
            const where = `${request.method} ${request.url.slice(0, 120)} as ${email ?? 'nobody'}: ${res.statusCode} ${res.body.slice(0, 160)}`;
            if (res.statusCode >= 500) fiveHundreds += 1;
            if (res.statusCode >= 500) problems.push(where);
            if (res.statusCode >= 400) {
              const body = (() => {
                try {
                  return res.json() as { message?: unknown };
                } catch {
                  return null;
                }
              })();
              if (typeof body?.message !== 'string' || body.message === '') problems.push(`no {message}: ${where}`);
              if ((await fingerprint()) !== written) problems.push(`wrote on a refusal: ${where}`);
            } else {
              // Only an accepted request may end a session (a logout, a password set by an admin):
              // the next cases then start on fresh ones, and from what this one wrote.
              await renewEndedSessions();
              written = await fingerprint();
            }
            return problems.length === 0;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true, examples: mustTry(route, SAMPLES[route]?.(ids) ?? { payload: {} }) },
        ).catch((error: unknown) => {
          // A property that returned false is already in `problems`; anything else thrown is a problem too.
          const message = error instanceof Error ? error.message : String(error);
          if (!/Property failed/.test(message) || problems.length === 0) problems.push(`${route} as ${email ?? 'nobody'}: ${message.slice(0, 300)}`);
        });
      }
    }
    expect(problems).toEqual([]);
  });
});
