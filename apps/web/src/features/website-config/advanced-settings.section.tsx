import { Checkbox, Stack, TagsInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfigSection } from './config-section';
import type { ScriptOptions } from './website-draft';

interface Props {
  script: ScriptOptions;
  onChange(patch: Partial<ScriptOptions>): void;
  /** What is wrong with the other domains, if anything. */
  crossDomainsError?: ReactNode;
}

export function AdvancedSettingsSection({ script, onChange, crossDomainsError }: Props) {
  return (
    <ConfigSection title="Advanced Settings">
      <Stack gap="md">
        <Checkbox
          label="Cross-domain tracking"
          description="Keep the same visitor when they follow a link to another domain of yours."
          checked={script.crossDomainTracking}
          onChange={(e) => onChange({ crossDomainTracking: e.currentTarget.checked })}
        />
        {script.crossDomainTracking ? (
          <TagsInput
            label="Other domains"
            description="Press Enter after each domain. Links to them carry the visitor id."
            placeholder="shop-checkout.com"
            value={script.crossDomains}
            onChange={(crossDomains) => onChange({ crossDomains })}
            error={crossDomainsError}
            ml={34}
            maw={560}
            clearable
          />
        ) : null}
        <Checkbox
          label="Cross-device tracking"
          description="Join a person's visits from several devices when your site calls ocx('identify', userId)."
          checked={script.crossDeviceTracking}
          onChange={(e) => onChange({ crossDeviceTracking: e.currentTarget.checked })}
        />
        <Checkbox
          label="IP anonymization"
          description="Drop the last part of visitor IP addresses before anything is stored (IPv4 /24, IPv6 /48)."
          checked={script.ipAnonymization}
          onChange={(e) => onChange({ ipAnonymization: e.currentTarget.checked })}
        />
      </Stack>
    </ConfigSection>
  );
}
