import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type InstallationRefusal, messages, type Website } from '@ocx/contracts';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { refusalOr } from '../../api/client';
import { useInstallationCheck, useInstallationStatus } from '../../api/queries/use-installation';
import { formatLogDate } from '../../components/logs/log-format';

/** Waits for the first event (polling), says what was refused, and checks a page on request. */
export function FirstEventStep({ website }: { website: Website }) {
  const status = useInstallationStatus(website.id);
  const arrived = status.data?.lastEventAt ?? null;
  return (
    <Stack mt="md">
      {arrived ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck />} title="Your first event arrived">
          <Stack gap="sm">
            <Text size="sm">
              OCX received an event from {website.rootDomain} at {formatLogDate(arrived, website.timezone)}.
              Your site is being tracked.
            </Text>
            <Group>
              <Button component={Link} to="/dashboard">
                Go to your dashboard
              </Button>
              <Button component={Link} to="/website-config" variant="default">
                Add conversion goals
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Alert color="blue" variant="light" icon={<Loader size="sm" />} title="Waiting for your first event…">
          <Text size="sm">
            Open a page of {website.rootDomain} in a browser. This turns green as soon as the first event
            arrives; you can leave this page open.
          </Text>
        </Alert>
      )}
      {!arrived && status.data?.refusal ? (
        <RefusalNotice refusal={status.data.refusal} website={website} />
      ) : null}
      {!arrived ? <PageCheck website={website} /> : null}
    </Stack>
  );
}

function RefusalNotice({ refusal, website }: { refusal: InstallationRefusal; website: Website }) {
  const text =
    refusal.reason === 'foreign_origin'
      ? messages.installation.refusedForeign(refusal.host ?? 'another site', website.rootDomain)
      : messages.installation.refusedNoDomain;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Events were refused" role="alert">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}

/** Nothing yet? The server opens a page of the site and names the likely cause. */
function PageCheck({ website }: { website: Website }) {
  const [url, setUrl] = useState(`https://${website.rootDomain}/`);
  const check = useInstallationCheck(website.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate(url.trim());
  };
  const result = check.data;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Nothing arriving? OCX can open a page of your site and look for the likely cause.
        </Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Page with the snippet"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={check.error ? refusalOr(check.error, messages.common.unexpected) : null}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSearch size={16} />}
            loading={check.isPending}
          >
            Check my site
          </Button>
        </Group>
        {result ? (
          <Alert
            color={result.finding === 'snippet_found' ? 'blue' : 'yellow'}
            variant="light"
            title={result.finding === 'snippet_found' ? 'The snippet is installed' : 'Found a likely cause'}
            data-testid="installation-finding"
          >
            <Text size="sm">{result.advice}</Text>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
