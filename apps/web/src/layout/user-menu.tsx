import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth.api';
import { queryKeys } from '../api/queries/query-keys';

export function UserMenu({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = () =>
    modals.openConfirmModal({
      title: 'Log out',
      children: <Text size="sm">Are you sure you want to log out?</Text>,
      labels: { confirm: 'Log out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await authApi.signOut();
        } finally {
          // Whatever the server said, this browser forgets the session and its data.
          queryClient.clear();
          queryClient.setQueryData(queryKeys.session, null);
          navigate('/login', { replace: true });
        }
      },
    });

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
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/website-config')}>
          Website Config
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
