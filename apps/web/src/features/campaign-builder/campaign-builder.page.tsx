import { Alert, Button, Grid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CAMPAIGN_TEXT_MAX, messages, tooLong, type Website } from '@ocx/contracts';
import { Link, useNavigate } from 'react-router';
import { ApiError, refusalOr, serverAnswered } from '../../api/client';
import { useCreateCampaign, useProposeOcxid } from '../../api/mutations/use-campaign-mutations';
import { FORM_ERROR, formError, showServerError } from '../../components/forms/server-error';
import { PageHeader } from '../../components/page-header';
import { WorkspaceGate } from '../../components/workspace/workspace-gate';
import { BuilderDetails } from './builder-details';
import {
  type BuilderAction,
  type BuilderState,
  builderErrors,
  builderReducer,
  campaignBody,
  initialBuilder,
  readyToCreate,
} from './builder-state';
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
  const form = useForm<BuilderState>({ initialValues: initialBuilder, validate: builderErrors });
  const state = form.values;
  // The steps change the values through the builder's reducer (spec §4); a changed field clears its error.
  const dispatch = (action: BuilderAction) => {
    form.setValues(builderReducer(form.getValues(), action));
    if (action.type === 'name') form.clearFieldError('name');
    if (action.type === 'utm' || action.type === 'follow') form.clearFieldError(`utm.${action.key}`);
    if (action.type === 'params') form.clearFieldError('params');
  };
  const setFormError = (text: string | null) =>
    text ? form.setFieldError(FORM_ERROR, text) : form.clearFieldError(FORM_ERROR);
  const navigate = useNavigate();

  const confirm = useProposeOcxid(website.id, {
    onSuccess: ({ ocxid }) => {
      setFormError(null);
      dispatch({ type: 'confirm', ocxid });
    },
    onError: (err) =>
      showServerError(form, err, err instanceof ApiError ? err.message : messages.common.unexpected),
  });
  const confirmName = () => {
    setFormError(null);
    // An empty name is said at the name field (spec §5 text), which may be far above the form's banner.
    if (!state.name.trim()) return form.setFieldError('name', messages.campaigns.required);
    if (state.name.trim().length > CAMPAIGN_TEXT_MAX)
      return form.setFieldError('name', tooLong(CAMPAIGN_TEXT_MAX));
    confirm.mutate(state.name.trim());
  };

  const create = useCreateCampaign(website.id, {
    onSuccess: () => {
      notifications.show({ color: 'ocx', message: messages.campaigns.saved });
      navigate('/campaigns');
    },
    onError: (err) =>
      showServerError(
        form,
        err,
        !serverAnswered(err) ? messages.campaigns.saveError : refusalOr(err, messages.campaigns.createFailed),
        { landingPage: 'landingPage', utmParams: 'utm', trackingParams: 'params' },
      ),
  });
  const submit = () => {
    if (!readyToCreate(state)) return setFormError(messages.campaigns.required);
    // Every field the server would refuse is marked at once, before anything is sent.
    if (form.validate().hasErrors) return;
    setFormError(null);
    create.mutate(campaignBody(state));
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
              nameError={(form.errors.name as string | undefined) ?? null}
            />
            <BuilderDetails
              websiteId={website.id}
              state={state}
              dispatch={dispatch}
              onCreate={submit}
              creating={create.isPending}
              error={formError(form)}
              fieldErrors={form.errors}
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
