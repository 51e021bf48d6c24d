import { ImpersonationBanner } from '../admin-switch/impersonation-banner-view.tsx';
import { ActionIcon, AppShell, Burger, Button, Center, Flex, Group, Loader, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronsLeft, IconChevronsRight, IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { AuthActor } from '../../app-actor.ts';
import { MenuIcon } from './menu-icon.tsx';
import { HelpLink, UserMenu } from './user-menu.tsx';
import { AlertsBell } from '../digest/alerts-bell.tsx';
import { sameView, selectPortalShellView } from '../../machines/shell/selectors.ts';

const NAV_EXPANDED = 250;
const NAV_COLLAPSED = 55;

/** The distributor application's frame: header, side menu, and the screen in the middle. */
export function PortalShell() {
  const auth = AuthActor.useActorRef();
  const { pathname } = useLocation();
  const [mobileOpen, mobile] = useDisclosure(false);
  const [collapsed, collapse] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const { user, switchesUser, menu } = AuthActor.useSelector((s) => selectPortalShellView(s, isMobile, pathname), sameView);
  if (!user) return null;

  // On mobile the drawer always shows labels; collapsing is a desktop affordance.
  const narrow = collapsed && !isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: narrow ? NAV_COLLAPSED : NAV_EXPANDED, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={isMobile ? 'sm' : 'md'} gap={isMobile ? 'xs' : 'md'} justify="space-between" wrap="nowrap">
          {/* minWidth 0 lets the house name truncate, so the actions on the right always fit a phone; no share of the
              width per child (Group's preventGrowOverflow), or the name gets half of it beside the burger. */}
          <Group gap="sm" wrap="nowrap" preventGrowOverflow={false} style={{ minWidth: 0 }}>
            <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            {/* A phone stacks the brand over the house name, so both fit beside the actions. */}
            <Flex direction={{ base: 'column', xs: 'row' }} gap={{ base: 0, xs: 'sm' }} align={{ base: 'flex-start', xs: 'center' }} style={{ minWidth: 0 }}>
              <Text fw={700} c="teal.9" size={isMobile ? 'xs' : 'md'} lh={isMobile ? 1.25 : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="brand">
                Distributor Portal
              </Text>
              {user.house && (
                // A phone gives the name two short lines rather than "H..".
                <Text size={isMobile ? 'xs' : 'sm'} c="dimmed" truncate={isMobile ? undefined : true} lineClamp={isMobile ? 2 : undefined}
                  maw={{ base: '100%', xs: 220 }} lh={isMobile ? 1.25 : undefined} data-testid="active-distributor">
                  {user.house}
                </Text>
              )}
            </Flex>
          </Group>
          <Group gap={isMobile ? 'xs' : 'md'} wrap="nowrap" style={{ flexShrink: 0 }}>
            {switchesUser &&
              // A phone's header has room for an icon only beside Log out.
              (isMobile ? (
                <ActionIcon variant="light" aria-label="Switch User" onClick={() => auth.send({ type: 'auth.switchBack' })}>
                  <IconSwitchHorizontal size={16} />
                </ActionIcon>
              ) : (
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconSwitchHorizontal size={16} />}
                  onClick={() => auth.send({ type: 'auth.switchBack' })}
                >
                  Switch User
                </Button>
              ))}
            {!isMobile && <HelpLink />}
            <AlertsBell />
            <UserMenu name={user.name} title={user.title} compact={isMobile} />
            {/* A phone's header has room for the house name only with Log out as an icon. */}
            {isMobile ? (
              <ActionIcon component={Link} to="/logout" variant="subtle" aria-label="Log out">
                <IconLogout size={18} />
              </ActionIcon>
            ) : (
              <Button component={Link} to="/logout" variant="subtle" size="compact-sm" leftSection={<IconLogout size={16} />}>
                Log out
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={narrow ? 4 : 'xs'} aria-label="Main menu">
        <Stack gap={4} style={{ flex: 1 }} component="nav">
          {menu.map((item) => {
            const link = (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={narrow ? undefined : item.label}
                aria-label={item.label}
                leftSection={<MenuIcon name={item.icon} />}
                active={item.active}
                onClick={mobile.close}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
            return narrow ? (
              <Tooltip key={item.path} label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </Stack>
        <Group justify={narrow ? 'center' : 'flex-end'} visibleFrom="sm" pt="xs">
          <ActionIcon
            variant="subtle"
            onClick={collapse.toggle}
            aria-label={narrow ? 'Expand menu' : 'Collapse menu'}
            aria-expanded={!narrow}
          >
            {narrow ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
          </ActionIcon>
        </Group>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {switchesUser && <ImpersonationBanner />}
        <Suspense fallback={<Center py="xl"><Loader aria-label="Loading screen" /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
