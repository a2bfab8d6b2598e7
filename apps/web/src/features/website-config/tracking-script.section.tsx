import { Alert, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { messages, type Website } from '@ocx/contracts';
import { cookieDomain, isValidRootDomain, MODEL_LABELS, trackingHost } from '@ocx/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button';
import { SnippetCode } from '../../components/snippet-code';
import { ConfigSection } from './config-section';
import type { ScriptOptions, WebsiteDraft } from './website-draft';

interface Props {
  website: Website | null;
  draft: WebsiteDraft;
  onScriptChange(patch: Partial<ScriptOptions>): void;
}

export function TrackingScriptSection({ website, draft, onScriptChange }: Props) {
  const snippet = website?.scriptConfig.trackingScript ?? `<!-- ${messages.config.snippetMissingDomain} -->`;
  const ready = Boolean(website?.rootDomain);
  const domainValid = isValidRootDomain(draft.rootDomain);
  const stale =
    website !== null &&
    (website.rootDomain !== draft.rootDomain.trim() ||
      website.scriptConfig.firstPartyTracking !== draft.script.firstPartyTracking);
  const host =
    draft.script.firstPartyTracking && domainValid ? trackingHost(draft.rootDomain) : window.location.host;

  return (
    <ConfigSection
      title="Tracking Script"
      description="Paste this tag into the <head> of every page of your site."
      action={<CopyButton value={snippet} label="Copy snippet" disabled={!ready} />}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          <Summary term="Website ID" value={website?.id ?? 'Assigned when you first save'} />
          <Summary term="Script host" value={host} />
          <Summary term="Cookie domain" value={domainValid ? cookieDomain(draft.rootDomain) : '—'} />
          <Summary
            term="Cookie duration"
            value={`${draft.attribution.window} days (the attribution window)`}
          />
          <Summary term="Attribution" value={`${MODEL_LABELS[draft.attribution.model]} click`} />
          <Summary term="Default campaign ID" value={website?.scriptConfig.defaultCampaignId ?? '—'} />
          <Summary term="Conversion goals" value={`${website?.goals.length ?? 0} configured`} />
          <Summary
            term="Options"
            value={
              [
                draft.script.crossDomainTracking && 'cross-domain',
                draft.script.crossDeviceTracking && 'cross-device',
                draft.script.ipAnonymization && 'IP anonymization',
                draft.script.regviewonce && 'one view per page per session',
              ]
                .filter(Boolean)
                .join(', ') || 'none'
            }
          />
        </SimpleGrid>
        <Switch
          label="Count one view per page per session"
          description="A page opened again in the same visit adds no page view."
          checked={draft.script.regviewonce}
          onChange={(e) => onScriptChange({ regviewonce: e.currentTarget.checked })}
        />
        {/* Breaks only between attributes, never inside one (components/snippet-code.tsx). */}
        <SnippetCode code={snippet} testId="tracking-snippet" />
        {!ready ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
            Set a root domain in Domain Settings and save to get your tracking script.
          </Alert>
        ) : stale ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            Save Configuration to update the script with your latest domain settings.
          </Alert>
        ) : null}
      </Stack>
    </ConfigSection>
  );
}

function Summary({ term, value }: { term: string; value: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" miw={{ base: 110, sm: 150 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
