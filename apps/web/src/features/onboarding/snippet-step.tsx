import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { SnippetCode } from '../../components/snippet-code';

/** The tag to paste, with where it goes; first-party and other options stay in Website Config. */
export function SnippetStep({ website, onDone }: { website: Website; onDone(): void }) {
  const snippet = website.scriptConfig.trackingScript;
  return (
    <Stack mt="md">
      <Text>
        Paste this tag into the <Code>&lt;head&gt;</Code> of every page of {website.rootDomain}. With a site
        builder or tag manager, add it as custom HTML in the page header.
      </Text>
      <SnippetCode code={snippet} testId="onboarding-snippet" />
      <Group>
        <CopyButton value={snippet} label="Copy snippet" />
        <Button onClick={onDone}>I have added the snippet</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Ad blockers can stop the script on some visitors' browsers:{' '}
        <Anchor component={Link} to="/website-config" inherit>
          first-party tracking in Website Configuration
        </Anchor>{' '}
        serves it from your own domain.
      </Text>
    </Stack>
  );
}
