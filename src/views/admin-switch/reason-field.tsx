import { Textarea } from '@mantine/core';

/** The reason an admin gives before logging in as a user; the audit log keeps it (docs/admin-tools.md). */
export function ReasonField({ value, onChange, disabled = false }: { value: string; onChange: (reason: string) => void; disabled?: boolean }) {
  return (
    <Textarea
      label="Reason"
      description="Why you log in as this user: kept in the audit log. The session ends after 60 minutes."
      placeholder="e.g. Ticket 981: the user cannot see a rebate"
      required
      autosize
      minRows={2}
      maxLength={500}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
