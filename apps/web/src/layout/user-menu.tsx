import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { screenTitle } from '../components/screen-names';
import { useLogout } from './use-logout';

export function UserMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="ocx">
              {email.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" maw={180} truncate visibleFrom="md">
              {email}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => navigate('/profile')}>
          {screenTitle('/profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/website-config')}>
          {screenTitle('/website-config')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
