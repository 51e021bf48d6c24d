// What the Settings digest section and the header's bell show, from their machines' snapshots.
import type { SnapshotFrom } from 'xstate';
import { DIGEST_SECTIONS, digestLinks, SECTION_TITLES, type DigestSection } from '../../model/digest.ts';
import { formatMoney, formatPercent, itemDescription } from '../../model/format.ts';
import type { alertsMachine } from './alerts.ts';
import type { digestPreferencesMachine } from './digest-preferences.ts';

type PrefsSnapshot = SnapshotFrom<typeof digestPreferencesMachine>;
type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;

export const DIGEST_SAVED = 'Your digest preferences are saved.';

export const selectPreferencesForm = (s: PrefsSnapshot) => ({
  loading: s.matches('loading'),
  loadFailed: s.matches('loadFailed'),
  saving: s.matches('saving'),
  frequency: s.context.preferences.frequency,
  sections: DIGEST_SECTIONS.map((key) => ({ key, label: SECTION_TITLES[key], checked: s.context.preferences.sections.includes(key) })),
  sectionsDisabled: s.context.preferences.frequency === 'off' || s.matches('saving'),
  timeZone: s.context.timeZone,
  failure: s.context.failure,
  saved: s.context.saved ? DIGEST_SAVED : null,
});

export interface AlertItem { key: string; text: string; href: string }
export interface AlertGroup { section: DigestSection; title: string; items: AlertItem[] }

/** The bell's groups: each line names what happened and opens the page about it. */
export function selectAlertGroups(s: AlertsSnapshot): AlertGroup[] {
  const c = s.context.alerts?.content;
  if (!c) return [];
  const groups: AlertGroup[] = [];
  const add = (section: DigestSection, items: AlertItem[]) => items.length && groups.push({ section, title: SECTION_TITLES[section], items });
  add('competitorShare', (c.competitorShare ?? []).map((r) => ({
    key: `m${r.merchantId}`, text: `${r.merchant}: ${formatPercent(r.previousShare, 1)} → ${formatPercent(r.share, 1)} at competitors`,
    href: digestLinks.merchant(r.merchant, r.merchantId),
  })));
  add('winBack', (c.winBack ?? []).map((r) => ({
    key: `w${r.min}`, text: `${itemDescription(r.description)} → ${itemDescription(r.replacement?.description ?? '')}: ${formatMoney(r.moneyAtStake)} at stake`, href: digestLinks.winBack(),
  })));
  add('rebateChecks', (c.rebateChecks?.checks ?? []).map((k) => ({
    key: `c${k.id}`, text: `${k.merchant}: ${formatMoney(k.amount)} (${k.quarter})`, href: digestLinks.check(k.merchantId, k.merchant),
  })));
  add('overpaidInvoices', (c.overpaidInvoices ?? []).map((i) => ({
    key: `i${i.id}`, text: `${i.merchant || 'Invoice'}: ${formatMoney(i.overpaidTotal)} overpaid`, href: digestLinks.invoice(i.id),
  })));
  return groups;
}

export const selectBell = (s: AlertsSnapshot) => ({
  unread: s.context.alerts?.unread ?? 0,
  open: s.matches('open') || s.matches('markingRead'),
  failed: s.matches('failed'),
  newWhenOpened: s.context.newWhenOpened,
});

/** The alerts bell: its badge and state (`bell`), and the alerts grouped. */
export const selectAlertsBellView = (s: AlertsSnapshot) => ({
  bell: selectBell(s),
  groups: selectAlertGroups(s),
});
