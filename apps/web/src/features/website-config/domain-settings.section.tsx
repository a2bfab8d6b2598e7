import { SimpleGrid, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { exampleHost } from '../../components/websites/example-host';
import { ConfigSection } from './config-section';
import type { WebsiteDraft } from './website-draft';

interface Props {
  draft: WebsiteDraft;
  onChange(patch: Partial<WebsiteDraft>): void;
  /** What is wrong with these fields (the form's check, or the server's refusal). */
  errors?: FormErrors;
}

export function DomainSettingsSection({ draft, onChange, errors = {} }: Props) {
  const host = exampleHost();
  return (
    <ConfigSection title="Domain Settings" description="The website you track and how it is named in OCX.">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput
          label="Website Name"
          value={draft.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={errors.name}
          withAsterisk
        />
        <TextInput
          label="Brand"
          description="Optional: the company or product this website is for"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={draft.brand}
          onChange={(e) => onChange({ brand: e.currentTarget.value })}
          error={errors.brand}
        />
        <TextInput
          label="Root Domain"
          placeholder={host}
          description="Without https:// — subdomains are included"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={draft.rootDomain}
          onChange={(e) => onChange({ rootDomain: e.currentTarget.value })}
          error={errors.rootDomain}
          withAsterisk
        />
      </SimpleGrid>
    </ConfigSection>
  );
}
