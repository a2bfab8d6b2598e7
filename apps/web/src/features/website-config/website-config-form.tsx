import { Badge, Button, Group, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { defaultAttribution } from '@ocx/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { AdvancedSettingsSection } from './advanced-settings.section';
import { ApiKeysSection } from './api-keys.section';
import { AttributionSection } from './attribution.section';
import { AttributionRecompute } from './attribution-recompute';
import { DangerZoneSection } from './danger-zone.section';
import { DomainSettingsSection } from './domain-settings.section';
import { FirstPartySection } from './first-party.section';
import { GoalsSection } from './goals.section';
import { PostbacksSection } from './postbacks.section';
import { PrivacySection } from './privacy.section';
import { ShareLinksSection } from './share-links.section';
import { TimeZoneSection } from './time-zone.section';
import { TrackingScriptSection } from './tracking-script.section';
import { useSaveWebsite } from './use-save-website';
import {
  defaultScriptOptions,
  draftError,
  draftFrom,
  type ScriptOptions,
  type WebsiteDraft,
} from './website-draft';

export function WebsiteConfigForm({ website }: { website: Website | null }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<WebsiteDraft>(() => draftFrom(website));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWebsite(website, setError);
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftFrom(website));

  const change = (patch: Partial<WebsiteDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changeScript = (patch: Partial<ScriptOptions>) =>
    setDraft((d) => ({ ...d, script: { ...d.script, ...patch } }));

  const submit = () => {
    const message = draftError(draft);
    setError(message);
    if (message) {
      notifications.show({ color: 'red', message });
      return;
    }
    save.mutate(draft);
  };

  const reset = useMutation({
    mutationFn: async () => {
      const defaults = { attribution: defaultAttribution(), script: defaultScriptOptions() };
      setDraft((d) => ({ ...d, ...defaults }));
      if (website)
        await websitesApi.update(website.id, {
          attribution: defaults.attribution,
          scriptConfig: defaults.script,
        });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      setError(null);
      notifications.show({ color: 'ocx', message: messages.config.resetDone });
    },
    onError: () => notifications.show({ color: 'red', message: messages.config.resetFailed }),
  });

  const confirmReset = () =>
    modals.openConfirmModal({
      title: 'Reset configuration',
      children: messages.config.resetConfirm,
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => reset.mutate(),
    });

  return (
    <>
      <PageHeader
        title="Website Configuration"
        subtitle={website ? website.name : 'Set up your first website'}
        actions={
          <>
            {dirty ? (
              <Badge color="yellow" variant="light">
                Unsaved changes
              </Badge>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconRestore size={16} />}
              onClick={confirmReset}
              loading={reset.isPending}
            >
              Reset
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Configuration'}
            </Button>
          </>
        }
      />
      <Stack gap="lg" maw={1100}>
        <FormError message={error} />
        <DomainSettingsSection draft={draft} onChange={change} />
        {website ? <TimeZoneSection website={website} /> : null}
        <AttributionSection
          attribution={draft.attribution}
          onChange={(attribution) => change({ attribution })}
        />
        {website ? (
          <AttributionRecompute
            website={website}
            draft={draft.attribution}
            crossDevice={draft.script.crossDeviceTracking}
          />
        ) : null}
        <GoalsSection website={website} />
        <AdvancedSettingsSection script={draft.script} onChange={changeScript} />
        <PrivacySection website={website} />
        <PostbacksSection
          website={website}
          postbackUrl={draft.postbackUrl}
          onChange={(postbackUrl) => change({ postbackUrl })}
        />
        <ApiKeysSection website={website} />
        <ShareLinksSection website={website} />
        <TrackingScriptSection website={website} draft={draft} onScriptChange={changeScript} />
        <FirstPartySection draft={draft} onScriptChange={changeScript} />
        {website ? <DangerZoneSection website={website} /> : null}
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Configuration'}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
