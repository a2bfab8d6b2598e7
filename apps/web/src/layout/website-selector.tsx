import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { askBeforeDiscarding } from '../components/forms/unsaved-edits';
import { openNewWebsiteModal } from '../components/websites/new-website-modal';
import { useSelectedWebsite } from '../components/websites/selected-website';

/** In the header on wide screens; `fill` stretches it across the phone drawer. */
export function WebsiteSelector({ fill = false }: { fill?: boolean }) {
  const { websites, website, select, isLoading } = useSelectedWebsite();
  return (
    <Group gap={6} wrap="nowrap" w={fill ? '100%' : undefined}>
      <Select
        aria-label="Website"
        placeholder={isLoading ? 'Loading websites...' : 'No website yet'}
        data={websites.map((w) => ({
          value: w.id,
          label: w.rootDomain ? `${w.name} · ${w.rootDomain}` : w.name,
        }))}
        value={website?.id ?? null}
        // A page's unsaved edits belong to the website shown: switching asks first (unsaved-edits.ts).
        onChange={(id) => id && askBeforeDiscarding(() => select(id))}
        leftSection={<IconWorld size={16} />}
        allowDeselect={false}
        disabled={websites.length === 0}
        // Wide enough at 1440 px for a name and its domain (issue 29: it was cut there).
        w={fill ? undefined : { base: 260, lg: 340 }}
        flex={fill ? 1 : undefined}
        // Props replace the theme's comboboxProps whole: keepMounted: false again (theme.ts says why).
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
      <Tooltip label="New website">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="New website"
          onClick={() => askBeforeDiscarding(() => openNewWebsiteModal(select))}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
