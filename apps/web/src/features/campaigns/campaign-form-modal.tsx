import { Alert, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type Campaign, messages, type Website } from '@ocx/contracts';
import { utmCampaignFromName } from '@ocx/core';
import { refusalOr, serverAnswered } from '../../api/client';
import { useCreateCampaign, useUpdateCampaign } from '../../api/mutations/use-campaign-mutations';
import { useNetworks } from '../../api/queries/use-networks';
import { useSources } from '../../api/queries/use-sources';
import { CustomParamsEditor } from '../../components/campaigns/custom-params-editor';
import { sourceOptions } from '../../components/campaigns/source-options';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';

const required = (value: string) => (value.trim() ? null : messages.campaigns.required);

/** The Create New Campaign / Edit Campaign modal of the Campaigns list (spec §2). */
export function CampaignFormModal({
  website,
  campaign,
  onClose,
}: {
  website: Website;
  campaign: Campaign | null;
  onClose(): void;
}) {
  const networks = useNetworks(website.id);
  const sources = useSources(website.id);
  const form = useForm({
    initialValues: {
      network: campaign?.network ?? '',
      source: campaign?.source ?? '',
      name: campaign?.name ?? '',
      landingPage: campaign?.landingPage ?? '',
      utmParams: {
        source: campaign?.utmParams.source ?? '',
        medium: campaign?.utmParams.medium ?? '',
        campaign: campaign?.utmParams.campaign ?? '',
      },
      trackingParams: campaign?.trackingParams ?? {},
    },
    // Spec §2: each empty required field says so.
    validate: { network: required, source: required, name: required, landingPage: required },
  });
  const { network, source } = form.values;

  const networkNames = (networks.data ?? []).map((n) => n.name);
  if (network && !networkNames.includes(network)) networkNames.push(network);
  const chosenNetwork = networks.data?.find((n) => n.name === network);
  const sourceNames = sourceOptions(chosenNetwork, sources.data ?? [], source);

  const callbacks = {
    onSuccess: () => {
      notifications.show({ color: 'ocx', message: messages.campaigns.saved });
      onClose();
    },
    onError: (err: Error) =>
      showServerError(
        form,
        err,
        !serverAnswered(err)
          ? campaign
            ? messages.campaigns.editError
            : messages.campaigns.saveError
          : refusalOr(err, messages.campaigns.saveFailed),
      ),
  };
  const create = useCreateCampaign(website.id, callbacks);
  const update = useUpdateCampaign(website.id, callbacks);

  const submit = form.onSubmit((values) => {
    const body = { ...values, name: values.name.trim(), landingPage: values.landingPage.trim() };
    if (campaign) update.mutate({ id: campaign.id, change: body });
    else create.mutate(body);
  });

  return (
    <Modal opened onClose={onClose} title={campaign ? 'Edit Campaign' : 'Create New Campaign'} size="lg">
      {!website.rootDomain ? (
        <Alert color="yellow" variant="light" title="Configuration Required">
          Please configure your website domain in the Website Config section before creating campaigns.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label="Traffic Network"
              placeholder="Select a network"
              data={networkNames}
              {...form.getInputProps('network')}
              value={network || null}
              onChange={(v) => {
                form.setFieldValue('network', v ?? '');
                form.setFieldValue('source', '');
              }}
              withAsterisk
            />
            {network ? (
              <Select
                label="Traffic Source"
                placeholder="Select a source"
                data={sourceNames}
                {...form.getInputProps('source')}
                value={source || null}
                onChange={(v) => {
                  form.setFieldValue('source', v ?? '');
                  if (v) {
                    form.setFieldValue('utmParams.source', network.toLowerCase());
                    form.setFieldValue('utmParams.medium', v);
                  }
                }}
                withAsterisk
              />
            ) : null}
            <TextInput
              label="Campaign Name"
              placeholder="Black Friday Sale"
              {...form.getInputProps('name')}
              onChange={(e) => {
                const next = e.currentTarget.value;
                form.setFieldValue('name', next);
                form.setFieldValue('utmParams.campaign', utmCampaignFromName(next));
              }}
              withAsterisk
            />
            <TextInput
              label="Landing Page URL"
              type="url"
              placeholder={`https://${website.rootDomain}/`}
              {...form.getInputProps('landingPage')}
              withAsterisk
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="UTM Source" {...form.getInputProps('utmParams.source')} />
              <TextInput label="UTM Medium" {...form.getInputProps('utmParams.medium')} />
              <TextInput label="UTM Campaign" {...form.getInputProps('utmParams.campaign')} />
            </SimpleGrid>
            <CustomParamsEditor
              params={form.values.trackingParams}
              onChange={(params) => form.setFieldValue('trackingParams', params)}
              ocxid={campaign?.ocxid ?? null}
            />
            <FormActions
              error={formError(form)}
              onCancel={onClose}
              saving={create.isPending || update.isPending}
              submitLabel="Save Campaign"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
