// What one user's digest holds (docs/digest.md), computed on the user's own authority (View As
// never applies) through the same scope, rollups and queries as the screens: competitor share
// from the insights merchants table, win-back from the house's win-back list, checks from
// Payment Information, overpaid lines from the invoices' price check.
import {
  CHECKS_LISTED, INVOICES_LISTED, SHARE_RISES, WINBACK_ROWS,
  type DigestContent, type DigestSection, type ShareRise,
} from '../../src/model/digest.ts';
import { share } from '../../src/model/format.ts';
import { HttpError } from '../http/errors.ts';
import { scopeWinBack } from '../insights/win-back.ts';
import type { InsightsRepository } from '../repositories/insights.ts';
import type { InvoicesRepository } from '../repositories/invoices.ts';
import type { PaymentsRepository } from '../repositories/payments.ts';
import type { ScopeRepository } from '../repositories/scope.ts';
import { invoiceHouses } from '../scope/invoice-houses.ts';
import { scopeOf, type Scope } from '../scope/visible-merchants.ts';

export interface DigestRepos {
  scope: ScopeRepository;
  insights: InsightsRepository;
  payments: PaymentsRepository;
  invoices: InvoicesRepository;
}

const cents = (n: number) => Math.round(n * 100) / 100;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
const monthEnd = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));

/** The calendar windows a digest computed at `now` covers: the last two whole months and the last whole quarter of months. */
export function digestWindows(now: Date) {
  return {
    last: { from: iso(monthStart(now, 1)), to: iso(monthEnd(now, 1)) },
    previous: { from: iso(monthStart(now, 2)), to: iso(monthEnd(now, 2)) },
    quarter: { from: iso(monthStart(now, 3)), to: iso(monthEnd(now, 1)) },
  };
}

/** The user's scope in their active house, or null when they have none to act for. */
export async function ownScope(repo: ScopeRepository, userId: number): Promise<Scope | null> {
  const facts = await repo.userInActiveHouse(userId);
  if (!facts) return null;
  try {
    return await scopeOf(repo, facts, undefined, true);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) return null;
    throw error;
  }
}

/** The merchants whose competitor share rose most from the month before last to last month. */
async function shareRises(repos: DigestRepos, scope: Scope, w: ReturnType<typeof digestWindows>): Promise<ShareRise[]> {
  const ids = scope.all ? null : scope.merchantIds;
  if (ids !== null && ids.length === 0) return [];
  const [last, previous] = await Promise.all([
    repos.insights.merchantVolumes(scope.distributorId, ids, w.last.from, w.last.to, scope.familyIds),
    repos.insights.merchantVolumes(scope.distributorId, ids, w.previous.from, w.previous.to, scope.familyIds),
  ]);
  const before = new Map(previous.map((m) => [m.id, m]));
  return last
    .map((m) => {
      const p = before.get(m.id);
      return {
        merchantId: m.id, merchant: m.merchant, share: share(m.competitor, m.total), previousShare: p ? share(p.competitor, p.total) : 0,
        competitorVolume: cents(m.competitor), previousCompetitorVolume: cents(p?.competitor ?? 0), totalVolume: cents(m.total),
      };
    })
    .filter((r) => r.share > r.previousShare)
    .sort((a, b) => b.share - b.previousShare - (a.share - a.previousShare) || b.competitorVolume - a.competitorVolume || a.merchantId - b.merchantId)
    .slice(0, SHARE_RISES);
}

/** The top win-back rows whose replacement the house can sell with a rebate or a deviated price. */
async function winBack(repos: DigestRepos, scope: Scope, w: ReturnType<typeof digestWindows>) {
  if (!scope.all && scope.merchantIds.length === 0) return [];
  const list = await scopeWinBack(repos, scope, w.quarter.from, w.quarter.to);
  return list.rows.filter((r) => r.replacement && (r.replacement.rebateType !== null || r.replacement.deviationValue !== null)).slice(0, WINBACK_ROWS);
}

/**
 * The digest of one user at `now`: sections they chose and may see (checks need Payment
 * Information, invoices Invoice Scanning), checks and invoices posted after `since`.
 * Null when the user has no house to act for.
 */
export async function computeDigest(repos: DigestRepos, userId: number, opts: { now: Date; since: Date; sections: readonly DigestSection[] }): Promise<DigestContent | null> {
  const scope = await ownScope(repos.scope, userId);
  if (!scope) return null;
  const me = scope.caller;
  const w = digestWindows(opts.now);
  const wants = (s: DigestSection) => opts.sections.includes(s);
  const merchants = scope.all ? null : scope.merchantIds;
  const [house, competitorShare, rows, rebateChecks, overpaidInvoices] = await Promise.all([
    repos.payments.houseName(scope.distributorId),
    wants('competitorShare') ? shareRises(repos, scope, w) : null,
    wants('winBack') ? winBack(repos, scope, w) : null,
    wants('rebateChecks') && (me.internalAdmin || me.displayPaymentInfo)
      ? (merchants?.length === 0 ? { count: 0, total: 0, checks: [] } : repos.payments.postedSince(scope.distributorId, opts.since, merchants, CHECKS_LISTED))
      : null,
    wants('overpaidInvoices') && (me.internalAdmin || me.displayInvoice)
      ? repos.invoices.overpaidSince(invoiceHouses(scope), opts.since, INVOICES_LISTED)
      : null,
  ]);
  return {
    house,
    months: { previous: w.previous.from.slice(0, 7), last: w.last.from.slice(0, 7) },
    quarter: w.quarter,
    since: opts.since.toISOString(),
    competitorShare,
    winBack: rows,
    rebateChecks: rebateChecks && { ...rebateChecks, total: cents(rebateChecks.total) },
    overpaidInvoices,
  };
}
