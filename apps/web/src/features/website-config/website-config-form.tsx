import { Badge, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { defaultAttribution } from '@ocx/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { useSaveWebsite, useUpdateWebsite } from '../../api/mutations/use-website-mutations';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError, showServerError } from '../../components/forms/server-error';
import { PageHeader } from '../../components/page-header';
import { useSelectedWebsite } from '../../components/websites/selected-website';
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
import {
  defaultScriptOptions,
  draftError,
  draftFrom,
  draftToInput,
  type ScriptOptions,
  type WebsiteDraft,
} from './website-draft';

export function WebsiteConfigForm({ website }: { website: Website | null }) {
  const form = useForm<WebsiteDraft>({ initialValues: draftFrom(website) });
  const draft = form.values;
  const { select } = useSelectedWebsite();

  const change = (patch: Partial<WebsiteDraft>) => form.setValues(patch);
  const changeScript = (patch: Partial<ScriptOptions>) =>
    form.setFieldValue('script', { ...form.getValues().script, ...patch });

  const save = useSaveWebsite(website, {
    onSuccess: (saved) => {
      // What is saved is no longer a change.
      form.resetDirty();
      select(saved.id);
      notifications.show({ color: 'ocx', message: messages.config.saved });
    },
    onError: (err) => {
      const message = saveFailure(err, website);
      showServerError(form, err, message);
      if (!(err instanceof ApiError && err.status === 401)) notifications.show({ color: 'red', message });
    },
  });

  const submit = () => {
    form.clearErrors();
    const message = draftError(draft);
    if (message) {
      form.setFieldError(FORM_ERROR, message);
      notifications.show({ color: 'red', message });
      return;
    }
    save.mutate(draftToInput(draft));
  };

  const reset = useUpdateWebsite(website?.id ?? '', {
    onSuccess: resetDone,
    onError: () => notifications.show({ color: 'red', message: messages.config.resetFailed }),
  });
  function resetDone() {
    form.clearFieldError(FORM_ERROR);
    notifications.show({ color: 'ocx', message: messages.config.resetDone });
  }
  const resetToDefaults = () => {
    const defaults = { attribution: defaultAttribution(), script: defaultScriptOptions() };
    form.setValues(defaults);
    // The defaults are saved at once: only other unsaved edits remain changes.
    form.resetDirty({ ...form.getInitialValues(), ...defaults });
    if (website) reset.mutate({ attribution: defaults.attribution, scriptConfig: defaults.script });
    else resetDone();
  };

  const confirmReset = () =>
    modals.openConfirmModal({
      title: 'Reset configuration',
      children: messages.config.resetConfirm,
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: resetToDefaults,
    });

  return (
    <>
      <PageHeader
        title="Website Configuration"
        subtitle={website ? website.name : 'Set up your first website'}
        actions={
          <>
            {form.isDirty() ? (
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
        <FormError message={formError(form)} />
        <DomainSettingsSection draft={draft} onChange={change} errors={form.errors} />
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

/** A failed save in the spec's words. */
function saveFailure(err: Error, website: Website | null): string {
  if (err instanceof ApiError && err.status === 401) return messages.auth.notSignedIn;
  if (err instanceof ApiError && err.status === 400) return err.message;
  return website ? messages.config.updateFailed : messages.config.createFailed;
}
