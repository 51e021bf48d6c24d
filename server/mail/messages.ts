import type { Mail } from './mailer.ts';

// The emails of the account flows. Plain text first; the HTML part is the same words.

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

export const signUpAttemptMail = (to: string, name: string, loginLink: string) =>
  compose(to, 'Someone tried to sign up with your email address', [
    `Hello ${name},`,
    'Someone tried to create a Distributor Portal account with this email address, which already has one.',
    'If it was you, log in with it, or ask for a password reset on the login page. If not, you need not do anything.',
  ], 'Log in', loginLink);

export const unknownHouseMail = (to: string, name: string, platformId: string, signUpLink: string) =>
  compose(to, 'We could not create your Distributor Portal account', [
    `Hello ${name},`,
    `No distributor on the Distributor Portal has the platform id ${platformId}, so no account was created.`,
    'Please check the id with your company and sign up again.',
  ], 'Sign up again', signUpLink);

export const approvalRequestMail = (to: string, name: string, applicant: string, applicantEmail: string, house: string, link: string) =>
  compose(to, `${applicant} asks to join ${house} on the Distributor Portal`, [
    `Hello ${name},`,
    `${applicant} (${applicantEmail}) signed up for ${house} and confirmed the email address.`,
    'They see nothing until an Admin or Leadership user of your distributor approves them in User Management.',
  ], 'Review the request', link);

export const approvalDecisionMail = (to: string, name: string, house: string, approved: boolean, link: string) =>
  compose(to, approved ? 'Your Distributor Portal account is approved' : 'Your Distributor Portal request was declined', [
    `Hello ${name},`,
    approved
      ? `Your account for ${house} is approved: you can log in now. Your locations appear once someone assigns them to you.`
      : `Your request to join ${house} was declined. If you think this is a mistake, ask your distributor for an invitation.`,
  ], approved ? 'Log in' : 'Open the portal', link);

export const emailChangeConfirmMail = (to: string, name: string, changedBy: string, link: string, validHours: number) =>
  compose(to, 'Confirm your new Distributor Portal email address', [
    `Hello ${name},`,
    `${changedBy} changed the email address of your Distributor Portal account to this one.`,
    `It takes effect when you open the link below, within ${validHours} hours. Until then the account keeps its current address.`,
  ], 'Confirm this address', link);

export const emailChangeApprovalMail = (to: string, name: string, newEmail: string, askedBy: string, link: string, validHours: number) =>
  compose(to, 'Approve the change of your Distributor Portal email address?', [
    `Hello ${name},`,
    `${askedBy} asked to change the email address of your Distributor Portal account to ${newEmail}.`,
    `Nothing changes unless you approve it with the link below, within ${validHours} hours; ${newEmail} then gets a link to confirm it.`,
    'If you did not expect this, ignore this email and tell your administrator: your account keeps this address.',
  ], 'Approve the change', link);

export const emailChangeNoticeMail = (to: string, name: string, newEmail: string, changedBy: string, loginLink: string) =>
  compose(to, 'Your Distributor Portal email address is about to change', [
    `Hello ${name},`,
    `${changedBy} asked to change the email address of your Distributor Portal account to ${newEmail}.`,
    'It changes only when that address confirms it. If you did not expect this, tell your administrator: your account keeps this address until then.',
  ], 'Open the portal', loginLink);
