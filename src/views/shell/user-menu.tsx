import { ActionIcon, Menu } from '@mantine/core';
import { IconSettings, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/**
 * The header's user menu: User Management and Settings, which the spec's side menu does not list
 * (Settings shows there on mobile only).
 */
export function UserMenu() {
  return (
    <Menu position="bottom-end" withArrow shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="User menu">
          <IconUserCircle size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/user-management" leftSection={<IconUsers size={16} />}>
          User Management
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
