import type { Mail } from './mailer.ts';

// The three emails of the account flows. Plain text first; the HTML part is the same words.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, subject: string, lines: string[], action: string, link: string): Mail {
  const text = [...lines, '', `${action}: ${link}`, '', 'Distributor Portal'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    `<p><a href="${escape(link)}">${escape(action)}</a></p>`,
    `<p style="color:#666">If the button does not work, open this address: ${escape(link)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

export const activationMail = (to: string, name: string, link: string, validDays: number) =>
  compose(to, 'Activate your Distributor Portal account', [
    `Hello ${name},`,
    'Thank you for creating an account on the Distributor Portal.',
    `Activate it with the link below within ${validDays} days.`,
  ], 'Activate my account', link);

export const passwordResetMail = (to: string, name: string, link: string, validHours: number) =>
  compose(to, 'Reset your Distributor Portal password', [
    `Hello ${name},`,
    'Someone asked to reset the password of your Distributor Portal account. If it was not you, ignore this email.',
    `The link below works once, within ${validHours} hour${validHours === 1 ? '' : 's'}.`,
  ], 'Choose a new password', link);

export const invitationMail = (to: string, name: string, inviter: string, house: string, link: string, validDays: number) =>
  compose(to, `${inviter} invited you to the Distributor Portal`, [
    `Hello ${name},`,
    `${inviter} invited you to the Distributor Portal of ${house}.`,
    `Set your password with the link below within ${validDays} days, then log in with this email address.`,
  ], 'Set my password', link);
