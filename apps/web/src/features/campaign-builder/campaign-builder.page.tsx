import { Alert, Button, Grid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, refusalOr, serverAnswered } from '../../api/client';
import { useCreateCampaign, useProposeOcxid } from '../../api/mutations/use-campaign-mutations';
import { PageHeader } from '../../components/page-header';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { BuilderDetails } from './builder-details';
import { builderReducer, initialBuilder, readyToCreate } from './builder-state';
import { BuilderSteps } from './builder-steps';
import { TemplatesPanel } from './templates-panel';

const TITLE = 'Create New Campaign';

export default function CampaignBuilderPage() {
  return (
    <WorkspaceGate title={TITLE} loadingLabel="Loading campaign builder...">
      {(website) =>
        website.rootDomain ? (
          <Builder key={website.id} website={website} />
        ) : (
          <>
            <PageHeader title={TITLE} subtitle={website.name} />
            <Alert color="yellow" variant="light" title="Configuration Required" maw={720}>
              <Stack align="flex-start" gap="sm">
                Please configure your website domain in the Website Config section before creating campaigns.
                <Button component={Link} to="/website-config">
                  Go to Website Config
                </Button>
              </Stack>
            </Alert>
          </>
        )
      }
    </WorkspaceGate>
  );
}

function Builder({ website }: { website: Website }) {
  const [state, dispatch] = useReducer(builderReducer, initialBuilder);
  const [error, setError] = useState<string | null>(null);
  // An empty name is said at the name field (spec §5 text), which may be far above the form's banner.
  const [nameTried, setNameTried] = useState(false);
  const nameError = nameTried && !state.name.trim() ? messages.campaigns.required : null;
  const navigate = useNavigate();

  const confirm = useProposeOcxid(website.id, {
    onSuccess: ({ ocxid }) => {
      setError(null);
      dispatch({ type: 'confirm', ocxid });
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : messages.common.unexpected),
  });
  const confirmName = () => {
    setNameTried(true);
    if (!state.name.trim()) return setError(null);
    confirm.mutate(state.name.trim());
  };

  const create = useCreateCampaign(website.id, {
    onSuccess: () => {
      notifications.show({ color: 'ocx', message: messages.campaigns.saved });
      navigate('/campaigns');
    },
    onError: (err) =>
      setError(
        !serverAnswered(err) ? messages.campaigns.saveError : refusalOr(err, messages.campaigns.createFailed),
      ),
  });
  const submit = () => {
    if (!readyToCreate(state)) return setError(messages.campaigns.required);
    setError(null);
    create.mutate({
      name: state.name.trim(),
      network: state.network,
      source: state.source,
      landingPage: state.landingPage?.href ?? '',
      utmParams: state.utm,
      trackingParams: state.params,
      ...(state.ocxid ? { ocxid: state.ocxid } : {}),
    });
  };

  return (
    <>
      <PageHeader title={TITLE} subtitle={website.name} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <BuilderSteps
              website={website}
              state={state}
              dispatch={dispatch}
              onConfirm={confirmName}
              confirming={confirm.isPending}
              nameError={nameError}
            />
            <BuilderDetails
              websiteId={website.id}
              state={state}
              dispatch={dispatch}
              onCreate={submit}
              creating={create.isPending}
              error={error}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TemplatesPanel websiteId={website.id} state={state} dispatch={dispatch} />
        </Grid.Col>
      </Grid>
    </>
  );
}
