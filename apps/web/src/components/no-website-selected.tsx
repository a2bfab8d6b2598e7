import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconWorldPlus } from '@tabler/icons-react';
import { openNewWebsiteModal } from './websites/new-website-modal';
import { useSelectedWebsite } from './websites/selected-website';

/**
 * Spec §2 'No Website Selected', in its words: the user's websites as buttons to pick from. With none
 * yet there is nothing to pick (the selector is disabled): the spec's sentence saying so, and beside it
 * the one next step, creating the first, as a button.
 */
export function NoWebsiteSelected() {
  const { websites, select } = useSelectedWebsite();
  return (
    <Card withBorder padding="xl" maw={640} data-testid="no-website">
      <Stack gap="md">
        <Title order={3}>No Website Selected</Title>
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
