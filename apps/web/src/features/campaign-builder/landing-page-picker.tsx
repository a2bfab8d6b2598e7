import { Button, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { LandingPage, Website } from '@ocx/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useLandingPages } from '../../api/queries/use-landing-pages';
import { LandingPageFormModal } from '../../components/landing-pages/landing-page-form-modal';
import { filterLandingPages } from './filter-landing-pages';

/** Step 4: search by name or url (case-insensitive), pick one, or create one. */
export function LandingPagePicker({
  website,
  selected,
  onSelect,
}: {
  website: Website;
  selected: LandingPage | null;
  onSelect(page: LandingPage): void;
}) {
  const pages = useLandingPages(website.id);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const shown = filterLandingPages(pages.data ?? [], query);
  return (
    <Stack gap="sm">
      <Group wrap="nowrap">
        <TextInput
          placeholder="Search landing pages..."
          aria-label="Search landing pages"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
          New Landing Page
        </Button>
      </Group>
      <ScrollArea.Autosize mah={240} type="auto">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs">
            No matching landing pages found.
          </Text>
        ) : (
          <Stack gap={4} role="listbox" aria-label="Landing pages">
            {shown.map((p) => {
              const active = selected?.id === p.id;
              return (
                <UnstyledButton
                  key={p.id}
                  role="option"
                  aria-selected={active}
                  onClick={() => onSelect(p)}
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    border: `1px solid ${active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    background: active ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Text size="sm" fw={500}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.url}
                  </Text>
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <LandingPageFormModal
        website={website}
        opened={opened}
        onClose={() => setOpened(false)}
        onCreated={onSelect}
      />
    </Stack>
  );
}
