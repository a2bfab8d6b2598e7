import { Badge, Button, Group, Stack, Tooltip } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { IconArrowBackUp, IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { FormError } from '../../components/form-error';
import { formError } from '../../components/forms/server-error';
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
import { useConfigDraft } from './use-config-draft';
import type { PrivacyDraft, ScriptOptions, WebsiteDraft } from './website-draft';

export function WebsiteConfigForm({ website }: { website: Website | null }) {
  const { form, submit, reset, restoreDefaults, unsaved, saving, restoring, zoneSaved } =
    useConfigDraft(website);
  const draft = form.values;
  const errors = form.errors;

  const change = (patch: Partial<WebsiteDraft>) => form.setValues(patch);
  const changeScript = (patch: Partial<ScriptOptions>) =>
    form.setFieldValue('script', { ...form.getValues().script, ...patch });
  const changePrivacy = (patch: Partial<PrivacyDraft>) =>
    form.setFieldValue('privacy', { ...form.getValues().privacy, ...patch });

  const saveButton = (
    <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} disabled={saving}>
      {saving ? 'Saving...' : 'Save Configuration'}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Website Configuration"
        subtitle={website ? website.name : 'Set up your first website'}
        actions={
          <>
            {unsaved ? (
              <Badge color="yellow" variant="light" data-testid="unsaved-changes">
                Unsaved changes
              </Badge>
            ) : null}
            <Tooltip label="Discard the unsaved changes: back to what is saved" disabled={!unsaved}>
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={reset}
                disabled={!unsaved || saving}
              >
                Reset
              </Button>
            </Tooltip>
            {website ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconRestore size={16} />}
                onClick={restoreDefaults}
                loading={restoring}
              >
                Restore defaults
              </Button>
            ) : null}
            {saveButton}
          </>
        }
      />
      <Stack gap="lg" maw={1100}>
        <FormError message={formError(form)} />
        <DomainSettingsSection draft={draft} onChange={change} errors={errors} />
        <TimeZoneSection
          website={website}
          timezone={draft.timezone}
          onChange={(timezone) => change({ timezone })}
          error={errors.timezone}
          zoneSaved={zoneSaved}
        />
        <AttributionSection
          attribution={draft.attribution}
          onChange={(attribution) => change({ attribution })}
          errors={errors}
        />
        {website ? (
          <AttributionRecompute
            website={website}
            draft={draft.attribution}
            crossDevice={draft.script.crossDeviceTracking}
          />
        ) : null}
        <GoalsSection website={website} />
        <AdvancedSettingsSection
          script={draft.script}
          onChange={changeScript}
          crossDomainsError={errors['script.crossDomains']}
        />
        <PrivacySection
          website={website}
          privacy={draft.privacy}
          onChange={changePrivacy}
          retentionError={errors['privacy.retentionMonths']}
        />
        <PostbacksSection
          website={website}
          postbackUrl={draft.postbackUrl}
          onChange={(postbackUrl) => change({ postbackUrl })}
          error={errors.postbackUrl}
        />
        <ApiKeysSection website={website} />
        <ShareLinksSection website={website} />
        <TrackingScriptSection website={website} draft={draft} onScriptChange={changeScript} />
        <FirstPartySection draft={draft} onScriptChange={changeScript} />
        {website ? <DangerZoneSection website={website} /> : null}
        <Group justify="flex-end">{saveButton}</Group>
      </Stack>
    </>
  );
}
