import { Alert, Anchor, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CAMPAIGN_TEXT_MAX, type Campaign, messages, NewCampaign, type Website } from '@ocx/contracts';
import { type FollowingUtmKey, tracksPageAt, type UtmBasis, utmCampaignFromName } from '@ocx/core';
import { Link } from 'react-router';
import { refusalOr, serverAnswered } from '../../api/client';
import { useCreateCampaign, useUpdateCampaign } from '../../api/mutations/use-campaign-mutations';
import { useNetworks } from '../../api/queries/use-networks';
import { useSources } from '../../api/queries/use-sources';
import { CustomParamsEditor } from '../../components/campaigns/custom-params-editor';
import { sourceOptions } from '../../components/campaigns/source-options';
import { trackedDomains } from '../../components/campaigns/tracked-domains';
import { followUtm, typedUtmKeys } from '../../components/campaigns/utm-follow';
import { UtmInput } from '../../components/campaigns/utm-input';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';

const campaignErrors = schemaResolver(NewCampaign, { sync: true });

const UTM_FIELDS: [FollowingUtmKey, string][] = [
  ['source', 'UTM Source'],
  ['medium', 'UTM Medium'],
  ['campaign', 'UTM Campaign'],
];

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
  const saved = {
    name: campaign?.name ?? '',
    network: campaign?.network ?? '',
    source: campaign?.source ?? '',
  };
  const utmParams = {
    source: campaign?.utmParams.source ?? '',
    medium: campaign?.utmParams.medium ?? '',
    campaign: campaign?.utmParams.campaign ?? '',
  };
  const form = useForm({
    initialValues: {
      ...saved,
      landingPage: campaign?.landingPage ?? '',
      utmParams,
      trackingParams: campaign?.trackingParams ?? {},
      // A saved campaign's tags that differ from what they would follow were set by hand: they stay.
      typed: campaign ? typedUtmKeys(utmParams, saved) : ([] as FollowingUtmKey[]),
    },
    // Every field the server would refuse, in its words, marked at once before anything is sent
    // (spec §2: each empty required field says 'Please fill in all required fields').
    validate: (values) => {
      const errors = campaignErrors(values);
      if (!errors.landingPage && !tracksPageAt(values.landingPage, trackedDomains(website)))
        errors.landingPage = messages.campaigns.landingPageDomain(website.rootDomain);
      return errors;
    },
  });
  const { network, source, typed } = form.values;
  /** The UTM tags after the name, network or source changed: the untyped `keys` follow. */
  const follow = (basis: UtmBasis, keys: FollowingUtmKey[]) =>
    form.setFieldValue('utmParams', followUtm(form.getValues().utmParams, typed, basis, keys));

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

  const submit = form.onSubmit(({ typed: _typed, ...values }) => {
    const body = { ...values, name: values.name.trim(), landingPage: values.landingPage.trim() };
    if (campaign) update.mutate({ id: campaign.id, change: body });
    else create.mutate(body);
  });

  const title = campaign ? 'Edit Campaign' : 'Create New Campaign';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={dialogCloseProps(title)}>
      {!website.rootDomain ? (
        <Alert color="yellow" variant="light" title="Configuration Required">
          Please configure your website domain in the Website Config section before creating campaigns.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {campaign ? null : (
              <Text size="sm" c="dimmed">
                Step by step, with templates and a preview of the link:{' '}
                <Anchor component={Link} to="/campaign-builder" onClick={onClose}>
                  open the Campaign Builder
                </Anchor>
                .
              </Text>
            )}
            <Select
              label="Traffic Network"
              placeholder="Select a network"
              data={networkNames}
              {...form.getInputProps('network')}
              value={network || null}
              onChange={(v) => {
                const next = { ...form.getValues(), network: v ?? '', source: '' };
                form.setFieldValue('network', next.network);
                form.setFieldValue('source', '');
                follow(next, ['source', 'medium']);
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
                  follow({ ...form.getValues(), source: v ?? '' }, ['medium']);
                }}
                withAsterisk
              />
            ) : null}
            <TextInput
              label="Campaign Name"
              placeholder="Black Friday Sale"
              maxLength={CAMPAIGN_TEXT_MAX}
              {...form.getInputProps('name')}
              onChange={(e) => {
                const name = e.currentTarget.value;
                form.setFieldValue('name', name);
                follow({ ...form.getValues(), name }, ['campaign']);
              }}
              withAsterisk
            />
            <TextInput
              label="Landing Page URL"
              type="url"
              placeholder={`https://${website.rootDomain}/`}
              maxLength={CAMPAIGN_TEXT_MAX}
              {...form.getInputProps('landingPage')}
              withAsterisk
            />
            {/* Inputs level with each other, whichever of them says it was typed (a longer description). */}
            <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
              {UTM_FIELDS.map(([key, label]) => (
                <UtmInput
                  key={key}
                  tag={key}
                  label={label}
                  typed={typed.includes(key)}
                  {...form.getInputProps(`utmParams.${key}`)}
                  // An emptied UTM Campaign is saved as the name's.
                  placeholder={key === 'campaign' ? utmCampaignFromName(form.values.name) : undefined}
                  onChange={(e) => {
                    form.setFieldValue(`utmParams.${key}`, e.currentTarget.value);
                    if (!typed.includes(key)) form.setFieldValue('typed', [...typed, key]);
                  }}
                  onFollow={() => {
                    const rest = typed.filter((k) => k !== key);
                    form.setFieldValue('typed', rest);
                    form.setFieldValue(
                      'utmParams',
                      followUtm(form.getValues().utmParams, rest, form.getValues(), [key]),
                    );
                  }}
                />
              ))}
            </SimpleGrid>
            <CustomParamsEditor
              params={form.values.trackingParams}
              onChange={(params) => form.setFieldValue('trackingParams', params)}
              ocxid={campaign?.ocxid ?? null}
              error={form.errors.trackingParams}
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
