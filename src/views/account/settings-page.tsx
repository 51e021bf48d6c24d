import { Box, Button, Group, NavLink, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconKey, IconLogout } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { settingsPageMachine } from '../../machines/account/settings.ts';
import { PASSWORD_CHANGED, sameView, selectSettingsView } from '../../machines/account/selectors.ts';
import { MessageModal } from '../common/message-modal.tsx';
import { DigestPreferencesCard } from '../digest/digest-preferences-card.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
import { FormFailure, RevealPasswordInput, useAccountForm } from './form-bits.tsx';

/** Settings (accounts spec §2.5): Change Password; on mobile, rows for Change Password and Log Out. */
export function SettingsPage() {
  return <OwnedPage page="accountSettings">{(page) => <SettingsScreen page={page} />}</OwnedPage>;
}

function SettingsScreen({ page }: { page: ActorRefFrom<typeof settingsPageMachine> }) {
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const { password, digest } = useSelector(page, selectSettingsView, sameView);
  const form = useAccountForm(password);
  const { failure, success } = form;

  const changePassword = (
    <form noValidate onSubmit={form.onSubmit} aria-label="Change Password">
      <Stack gap="sm">
        <RevealPasswordInput label="Current Password" autoComplete="current-password" required autoFocus={!isMobile} {...form.bind('currentPassword')} />
        <RevealPasswordInput label="New Password" autoComplete="new-password" required {...form.bind('password')} />
        <RevealPasswordInput label="Confirm Password" autoComplete="new-password" required {...form.bind('passwordRepeat')} />
        <FormFailure message={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy} fullWidth={isMobile}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Box maw={560}>
      <Title order={1} size="h2" mb="md">
        Settings
      </Title>
      {isMobile ? (
        <Paper withBorder>
          {/* The row opens the form in place; Mantine keeps that open/closed state. */}
          <NavLink component="button" type="button" label="Change Password" leftSection={<IconKey size={18} />} childrenOffset={0} py="md">
            <Stack p="md" pt="xs">
              {changePassword}
            </Stack>
          </NavLink>
          <NavLink
            component={Link}
            to="/logout"
            label="Log Out"
            leftSection={<IconLogout size={18} />}
            rightSection={<IconChevronRight size={16} />}
            py="md"
          />
        </Paper>
      ) : (
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="sm">
            Change Password
          </Title>
          {changePassword}
        </Paper>
      )}
      <DigestPreferencesCard actor={digest} />
      <MessageModal opened={form.status === 'succeeded'} message={success ?? PASSWORD_CHANGED} action="GOT IT" onAction={form.dismiss} />
    </Box>
  );
}
