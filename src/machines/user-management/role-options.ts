import type { Title } from '../../model/session-user.ts';
import { ROLE_VALUES } from '../../model/user-permissions.ts';

/** Select options for roles: the role's value (Admin is 5) and its label. */
export const roleOptions = (titles: readonly Title[]) => titles.map((t) => ({ value: String(ROLE_VALUES[t]), label: t }));

export const titleOfValue = (value: string | null): Title | null =>
  (Object.entries(ROLE_VALUES).find(([, v]) => String(v) === value)?.[0] as Title | undefined) ?? null;

export const valueOfTitle = (title: Title | null | ''): string | null => (title ? String(ROLE_VALUES[title]) : null);

/** A location as the pickers show it: its name and customer number. */
export const locationLabel = (m: { merchant: string; dcn: string | null }) => (m.dcn ? `${m.merchant} (${m.dcn})` : m.merchant);
