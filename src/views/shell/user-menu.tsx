import { Box, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconHelp, IconSettings, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/**
 * The header's account menu: User Management and Settings, which the spec's side menu does not list
 * (Settings shows there on mobile only), and Get Help (§2.8). Its button carries the user's name
 * (a phone's header: 'Account'), so a user can tell what it opens.
 */
export function UserMenu({ name, title, compact }: { name: string; title?: string | null; compact: boolean }) {
  return (
    // No focus placeholder: a menu may hold only its items (axe aria-required-children); focus goes to the first item.
    <Menu position="bottom-end" withArrow shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" color="dark" size={compact ? 'compact-sm' : 'md'} px={compact ? 4 : 'xs'}
          // A phone's button is its word alone: the room goes to the brand and the house name beside it.
          leftSection={compact ? undefined : <IconUserCircle size={22} />} rightSection={<IconChevronDown size={14} />}>
          {compact ? (
            'Account'
          ) : (
            <Box ta="left">
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              {title && (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {title}
                </Text>
              )}
            </Box>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/user-management" leftSection={<IconUsers size={16} />}>
          User Management
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/faq" leftSection={<IconHelp size={16} />}>
          Get Help
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Get Help (§2.8) in the header, beside the account menu, where a user looks for it. */
export function HelpLink() {
  return (
    <Button component={Link} to="/faq" variant="subtle" size="compact-sm" leftSection={<IconHelp size={16} />}>
      Get Help
    </Button>
  );
}
