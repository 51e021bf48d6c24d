// The digest email: a plain-text part and the same lines as HTML, numbers formatted as on screen
// (analytics spec §9), every line a link into the portal, and RFC 8058 one-click unsubscribe.
import { digestLinks, SECTION_TITLES, type DigestContent, type DigestSection } from '../../src/model/digest.ts';
import { formatMoney, formatPercent, itemDescription } from '../../src/model/format.ts';
import type { Mail } from '../mail/mailer.ts';

interface Line { text: string; href: string }
interface Section { title: string; intro: string; lines: Line[]; empty: string }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const monthName = (m: string) => new Date(`${m}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The digest's sections in words, with the portal path each line opens (the bell shows the same). */
export function digestSections(c: DigestContent): Section[] {
  const out: Section[] = [];
  const add = (key: DigestSection, intro: string, lines: Line[], empty: string) => out.push({ title: SECTION_TITLES[key], intro, lines, empty });
  if (c.competitorShare) {
    add('competitorShare', `Competitor share of purchases, ${monthName(c.months.previous)} → ${monthName(c.months.last)}.`,
      c.competitorShare.map((r) => ({
        text: `${r.merchant}: ${formatPercent(r.previousShare, 1)} → ${formatPercent(r.share, 1)} (${formatMoney(r.previousCompetitorVolume)} → ${formatMoney(r.competitorVolume)} at competitors, of ${formatMoney(r.totalVolume)})`,
        href: digestLinks.merchant(r.merchant, r.merchantId),
      })), 'No merchant bought a larger share from competitors.');
  }
  if (c.winBack) {
    add('winBack', `Competitor purchases ${day(c.quarter.from)} – ${day(c.quarter.to)} your house can replace.`,
      c.winBack.map((r) => {
        const x = r.replacement!;
        const terms = [x.rebateValue !== null && x.rebateType !== null ? `rebate ${formatMoney(r.estimatedRebate)}` : null,
          x.deviationValue !== null ? `deviated price ${formatMoney(x.deviationValue)}` : null].filter(Boolean).join(', ');
        return { text: `${itemDescription(r.description)} (${r.manufacturer}) → ${itemDescription(x.description)} (${x.manufacturerName}): ${formatMoney(r.moneyAtStake)} at stake, ${terms}`, href: digestLinks.winBack() };
      }), 'No competitor item with a rebated or deviated replacement.');
  }
  if (c.rebateChecks) {
    const more = c.rebateChecks.count - c.rebateChecks.checks.length;
    add('rebateChecks', `${c.rebateChecks.count} check${c.rebateChecks.count === 1 ? '' : 's'} posted since ${day(c.since)}, ${formatMoney(c.rebateChecks.total)} in all${more > 0 ? ` (the ${c.rebateChecks.checks.length} newest below)` : ''}.`,
      c.rebateChecks.checks.map((k) => ({ text: `${k.merchant}: ${formatMoney(k.amount)}, ${k.quarter}${k.checkno ? `, no. ${k.checkno}` : ''}`, href: digestLinks.check(k.merchantId, k.merchant) })),
      'No rebate check was posted.');
  }
  if (c.overpaidInvoices) {
    add('overpaidInvoices', `Invoices uploaded since ${day(c.since)} where a line cost more than the deviated price.`,
      c.overpaidInvoices.map((i) => ({
        text: `${i.merchant || 'Invoice'}${i.invoiceDate ? ` (${i.invoiceDate})` : ''}: ${i.overpaidLines} line${i.overpaidLines === 1 ? '' : 's'}, ${formatMoney(i.overpaidTotal)} overpaid`,
        href: digestLinks.invoice(i.id),
      })), 'No overpaid invoice line.');
  }
  return out;
}

export interface DigestMailInput { to: string; name: string; origin: string; unsubscribeUrl: string; content: DigestContent }

export function digestMail({ to, name, origin, unsubscribeUrl, content }: DigestMailInput): Mail {
  const sections = digestSections(content);
  const settings = origin + digestLinks.settings();
  const text = [
    `Hello ${name},`, '', `Your win-back digest for ${content.house}.`,
    ...sections.flatMap((s) => ['', s.title.toUpperCase(), s.intro, ...(s.lines.length ? s.lines.map((l) => `- ${l.text}\n  ${origin + l.href}`) : [s.empty])]),
    '', `Choose how often and what: ${settings}`, `Unsubscribe: ${unsubscribeUrl}`, '', 'Distributor Portal',
  ].join('\n');
  const html = [
    `<p>Hello ${escape(name)},</p>`, `<p>Your win-back digest for ${escape(content.house)}.</p>`,
    ...sections.map((s) => [`<h2 style="font-size:16px">${escape(s.title)}</h2>`, `<p>${escape(s.intro)}</p>`,
      s.lines.length ? `<ul>${s.lines.map((l) => `<li><a href="${escape(origin + l.href)}">${escape(l.text)}</a></li>`).join('')}</ul>` : `<p>${escape(s.empty)}</p>`].join('\n')),
    `<p style="color:#666"><a href="${escape(settings)}">Choose how often and what</a> · <a href="${escape(unsubscribeUrl)}">Unsubscribe</a></p>`,
  ].join('\n');
  return {
    to, subject: `Your win-back digest: ${content.house}`, text, html, link: origin,
    // RFC 8058: mail clients POST 'List-Unsubscribe=One-Click' to the URL, no session needed.
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
