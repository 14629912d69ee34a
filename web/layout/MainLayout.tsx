import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { NavLink as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { tr } from '../../common/tr';
import { RowTooltip } from '../components/list/RowTooltip';
import { signOut } from '../session/actions';
import { useSession } from '../session/store';
import { FrameProviders } from './FrameProviders';
import { activeItem, navigationFor } from './navigation';
import { PlaceMissing, usePlace } from './place';

export function MainLayout() {
  const info = useSession((s) => s.info);
  const [opened, { toggle, close }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // One place for every screen whose address names a school or branch: one the caller cannot see
  // shows that, instead of the screen with its actions.
  const place = usePlace();
  if (!info) return null;
  const items = navigationFor(info);
  const active = activeItem(items, location.pathname);

  const logout = async () => {
    setLeaving(true);
    const level = info.level;
    await signOut();
    navigate(`/${level}/login`);
  };

  return (
    <FrameProviders>
      <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <RowTooltip />
        <a className="skip-link" href="#main">
          {tr.layout.skipToContent}
        </a>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={tr.layout.openMenu} />
              {info.studio.logoUrl ? <Avatar src={info.studio.logoUrl} alt={tr.studio.logoAlt(info.studio.name)} radius="sm" /> : null}
              {/* Two lines on a phone rather than "Demo…": the studio's name is what tells whose panel this is. */}
              <Title order={1} size="h4" lineClamp={2} lh={1.2} data-testid="studio-name">
                {info.studio.name}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {/* The user menu: the person's own account (password, sessions). */}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  {/* Named by what it shows (who is signed in) and, for screen readers, what it opens. */}
                  <UnstyledButton>
                    <Group gap="xs" wrap="nowrap">
                      <Stack gap={0} visibleFrom="xs" align="flex-end">
                        <Text size="sm" fw={600} data-testid="user-name">
                          {info.userInfo.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {tr.levels[info.level]}
                          {info.school ? ` · ${info.school.name}` : ''}
                          {info.branch ? ` · ${info.branch.name}` : ''}
                        </Text>
                      </Stack>
                      <IconUserCircle size={28} aria-hidden />
                      <VisuallyHidden>{tr.account.menu}</VisuallyHidden>
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={RouterLink} to="/account">
                    {tr.account.title}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <Button variant="subtle" leftSection={<IconLogout size={18} />} onClick={logout} loading={leaving} visibleFrom="xs">
                {tr.words.logout}
              </Button>
              {/* On a phone the icon alone, so the studio's name has the room. */}
              <ActionIcon variant="subtle" size="lg" hiddenFrom="xs" onClick={logout} loading={leaving} aria-label={tr.words.logout}>
                <IconLogout size={20} />
              </ActionIcon>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={tr.layout.menu}>
          <ScrollArea>
            {items.map((item) => (
              <NavLink key={item.to} component={RouterLink} to={item.to} label={item.label} active={item.to === active} onClick={close} />
            ))}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main id="main">{place?.missing ? <PlaceMissing /> : <Outlet />}</AppShell.Main>
      </AppShell>
    </FrameProviders>
  );
}
