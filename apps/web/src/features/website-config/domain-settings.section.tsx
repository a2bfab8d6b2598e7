import { SimpleGrid, TextInput } from '@mantine/core';
import { exampleHost } from '../../components/websites/example-host';
import { ConfigSection } from './config-section';
import { domainFieldError, type WebsiteDraft } from './website-draft';

interface Props {
  draft: WebsiteDraft;
  onChange(patch: Partial<WebsiteDraft>): void;
}

export function DomainSettingsSection({ draft, onChange }: Props) {
  const host = exampleHost();
  return (
    <ConfigSection title="Domain Settings" description="The website you track and how it is named in OCX.">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput
          label="Website Name"
          value={draft.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          withAsterisk
        />
        <TextInput
          label="Brand"
          value={draft.brand}
          onChange={(e) => onChange({ brand: e.currentTarget.value })}
        />
        <TextInput
          label="Root Domain"
          placeholder={host}
          description="Without https:// — subdomains are included"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={draft.rootDomain}
          onChange={(e) => onChange({ rootDomain: e.currentTarget.value })}
          error={domainFieldError(draft.rootDomain, host)}
          withAsterisk
        />
      </SimpleGrid>
    </ConfigSection>
  );
}
