import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { inviteUserMachine } from '../../machines/user-management/invite-user.ts';
import type { InviteForm } from '../../model/invite-form.ts';
import type { Title } from '../../model/session-user.ts';
import { roleOptions, sameView, selectInviteView, titleOfValue } from '../../machines/user-management/selectors.ts';

export const INVITE_ALL_TIP = 'The account is automatically invited to locations added later.';

/** The Invite User modal of §2.4; the roles offered are those the inviter may give. */
export function InviteUserModal({ actor, titles }: { actor: ActorRefFrom<typeof inviteUserMachine>; titles: readonly Title[] }) {
  const view = useSelector(actor, selectInviteView, sameView);
  const { form, errors, failure } = view;
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const change = <F extends keyof InviteForm>(field: F, value: InviteForm[F]) => actor.send({ type: 'invite.changed', field, value });

  return (
    <Modal opened={view.opened} onClose={() => view.closable && actor.send({ type: 'invite.closed' })} title="Invite User" fullScreen={mobile} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'invite.submitted' });
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" required value={form.contactName} error={errors.contactName} onChange={(e) => change('contactName', e.currentTarget.value)} />
          <TextInput label="Email Address" required type="email" value={form.email} error={errors.email} onChange={(e) => change('email', e.currentTarget.value)} />
          <Select
            label="Role"
            required
            placeholder="Choose a role"
            data={roleOptions(titles)}
            value={view.role}
            error={errors.title}
            onChange={(v) => change('title', titleOfValue(v) ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="Select Locations"
            withAsterisk
            placeholder={view.locationPlaceholder}
            data={view.locationOptions}
            value={view.locationValues}
            onChange={(v) => change('locationIds', v.map(Number))}
            disabled={!view.mayPickLocations}
            searchable
            clearable
            maxDropdownHeight={240}
            error={view.locationsError}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox label="Allow User to See Intel" checked={form.displayIntel} onChange={(e) => change('displayIntel', e.currentTarget.checked)} />
          <Checkbox
            label="Allow User to See Payment Info"
            checked={form.displayPaymentInfo}
            onChange={(e) => change('displayPaymentInfo', e.currentTarget.checked)}
          />
          <Group gap={6}>
            <Checkbox label="Invite To All" checked={form.inviteAll} onChange={(e) => change('inviteAll', e.currentTarget.checked)} />
            <Tooltip label={INVITE_ALL_TIP} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
              <IconInfoCircle size={16} aria-label={INVITE_ALL_TIP} tabIndex={0} color="var(--mantine-color-dimmed)" />
            </Tooltip>
          </Group>
          {failure && (
            <Alert color="red" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" disabled={!view.closable} onClick={() => actor.send({ type: 'invite.closed' })}>
              Cancel
            </Button>
            <Button type="submit" loading={view.sending} disabled={!view.maySubmit}>
              Invite User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
