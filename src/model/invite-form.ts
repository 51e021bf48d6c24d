import { decode } from './codec.ts';
import { InvitePayload } from './account.ts';
import type { Title } from './session-user.ts';
import { locationsToSend } from './user-permissions.ts';

/** The Invite User modal's fields (accounts spec §2.4). */
export interface InviteForm {
  contactName: string;
  email: string;
  title: Title | '';
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  inviteAll: boolean;
  locationIds: number[];
}

export type InviteErrors = Partial<Record<'contactName' | 'email' | 'title', string>>;

export const EMPTY_INVITE: InviteForm = {
  contactName: '', email: '', title: '', displayIntel: false, displayPaymentInfo: false, inviteAll: false, locationIds: [],
};

const MESSAGES: Record<keyof InviteErrors, string> = {
  contactName: 'Name must be at least 3 characters',
  email: 'Enter a valid email address',
  title: 'Choose a role',
};

/** The payload to send (§5 locations rule), or the fields that stop it: then nothing is sent. */
export function invitePayload(form: InviteForm, siteUrl: string): { ok: true; payload: InvitePayload } | { ok: false; errors: InviteErrors } {
  const result = decode(InvitePayload, {
    contactName: form.contactName.trim(),
    email: form.email,
    title: form.title === '' ? undefined : form.title,
    displayIntel: form.displayIntel,
    displayPaymentInfo: form.displayPaymentInfo,
    // Invoice scanning and several houses are the internal admins' to give (admin panel).
    displayInvoice: false,
    isMultiHouse: false,
    siteUrl,
    locations: locationsToSend(form.inviteAll, form.locationIds),
  });
  if (result.ok) return { ok: true, payload: result.value };
  const errors: InviteErrors = {};
  for (const line of result.errors) {
    const field = line.split(' ')[0] as keyof InviteErrors;
    if (field in MESSAGES) errors[field] = MESSAGES[field];
  }
  return { ok: false, errors };
}
