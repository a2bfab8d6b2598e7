import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { openNewWebsiteModal } from '../components/websites/new-website-modal';
import { useSelectedWebsite } from '../components/websites/selected-website';

export function WebsiteSelector() {
  const { websites, website, select, isLoading } = useSelectedWebsite();
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label="Website"
        placeholder={isLoading ? 'Loading websites...' : 'No website yet'}
        data={websites.map((w) => ({
          value: w.id,
          label: w.rootDomain ? `${w.name} · ${w.rootDomain}` : w.name,
        }))}
        value={website?.id ?? null}
        onChange={(id) => id && select(id)}
        leftSection={<IconWorld size={16} />}
        allowDeselect={false}
        disabled={websites.length === 0}
        w={{ base: 170, sm: 260 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Tooltip label="New website">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="New website"
          onClick={() => openNewWebsiteModal(select)}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
