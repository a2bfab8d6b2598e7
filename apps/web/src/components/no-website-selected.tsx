import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconWorldPlus } from '@tabler/icons-react';
import { openNewWebsiteModal } from './websites/new-website-modal';
import { useSelectedWebsite } from './websites/selected-website';

/**
 * Spec §2 'No Website Selected': the user's websites as buttons to pick from. With none yet there is
 * nothing to pick (the selector is disabled): the one next step, creating the first, and its button.
 */
export function NoWebsiteSelected() {
  const { websites, select } = useSelectedWebsite();
  return (
    <Card withBorder padding="xl" maw={640} data-testid="no-website">
      <Stack gap="md">
        <Title order={3}>{websites.length > 0 ? 'No Website Selected' : 'Add your website'}</Title>
        {websites.length > 0 ? (
          <>
            <Text c="dimmed">
              Please select a website from the dropdown menu or create a new website to view analytics.
            </Text>
            <Group gap="sm">
              {websites.map((w) => (
                <Button key={w.id} variant="default" onClick={() => select(w.id)}>
                  {w.name}
                </Button>
              ))}
            </Group>
          </>
        ) : (
          <Text>You don't have any websites yet. Create your first website to get started.</Text>
        )}
        <Group>
          <Button leftSection={<IconWorldPlus size={18} />} onClick={() => openNewWebsiteModal(select)}>
            Create website
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
