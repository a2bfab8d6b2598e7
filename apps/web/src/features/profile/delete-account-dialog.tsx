import { Button, Checkbox, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccountDeletionPreview, messages } from '@ocx/contracts';
import { ACCOUNT_DELETION_MESSAGES } from '@ocx/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account.api';
import { ApiError, refusalOr } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useAccountDeletionPreview } from '../../api/queries/use-account-deletion';
import { formatCount } from '../../components/count-format';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';
import { SectionLoader } from '../../components/full-page-loader';

export const DELETE_ACCOUNT_CONFIRM = 'Are you sure you want to delete your account? This cannot be undone.';

interface DeleteAccountDialogProps {
  opened: boolean;
  password: string;
  onClose: () => void;
  /** The server refused the password: the card says so at its field. */
  onPasswordRefused: (error: ApiError) => void;
}

/**
 * Says what deleting the account deletes and what stays, organization by organization; an
 * organization the user alone owns with other members passes to its longest-standing admin once
 * the user ticks it. The server's refusal shows here, and the organizations are read again.
 */
export function DeleteAccountDialog({
  opened,
  password,
  onClose,
  onPasswordRefused,
}: DeleteAccountDialogProps) {
  const preview = useAccountDeletionPreview(opened);
  // The organizations the user agreed to pass on (ids).
  const form = useForm<{ handOver: string[] }>({ initialValues: { handOver: [] } });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = preview.data;
  const { handOver } = form.values;
  const confirmed = plan?.transfers.every((t) => handOver.includes(t.id)) ?? false;

  const close = () => {
    form.reset();
    onClose();
  };
  const remove = form.onSubmit(async () => {
    if (!plan) return;
    try {
      await accountApi.deleteAccount({
        password,
        ...(plan.transfers.length > 0 ? { transferOwnership: true } : {}),
      });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field === 'password') {
        close();
        onPasswordRefused(err);
        return;
      }
      form.setFieldError(FORM_ERROR, refusalOr(err, messages.auth.unexpected));
      // The members may have changed since the dialog opened: what goes and what stays, read again.
      if (err instanceof ApiError && err.status === 400) void preview.refetch();
    }
  });
  const toggle = (id: string, on: boolean) => {
    form.clearFieldError(FORM_ERROR);
    form.setFieldValue('handOver', on ? [...handOver, id] : handOver.filter((h) => h !== id));
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete account"
      closeButtonProps={dialogCloseProps('Delete account')}
      size="lg"
      centered
    >
      {preview.isPending ? (
        <SectionLoader label="Looking at your organizations" />
      ) : !plan ? (
        <FormError message={refusalOr(preview.error, messages.auth.unexpected)} />
      ) : (
        <form onSubmit={remove} noValidate>
          <Stack gap="md">
            <Text size="sm" fw={600}>
              {DELETE_ACCOUNT_CONFIRM}
            </Text>
            <DeletionSummary plan={plan} />
            {plan.transfers.length > 0 && (
              <Paper withBorder p="sm" radius="sm" aria-label="Organizations with other members">
                <Stack gap="xs">
                  <Text size="sm">
                    {ACCOUNT_DELETION_MESSAGES.transfer(plan.transfers.map((t) => t.name))}
                  </Text>
                  {plan.transfers.map((t) => (
                    <Checkbox
                      key={t.id}
                      checked={handOver.includes(t.id)}
                      onChange={(e) => toggle(t.id, e.currentTarget.checked)}
                      label={`Pass ownership of "${t.name}" to its longest-standing admin, ${t.to}`}
                    />
                  ))}
                </Stack>
              </Paper>
            )}
            {plan.blocked.length > 0 && (
              <FormError message={ACCOUNT_DELETION_MESSAGES.noAdmin(plan.blocked.map((o) => o.name))} />
            )}
            <FormError message={formError(form)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                loading={form.submitting}
                disabled={!confirmed || plan.blocked.length > 0}
              >
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

const websites = (n: number) => (n === 1 ? '1 website' : `${formatCount(n)} websites`);

function DeletionSummary({ plan }: { plan: AccountDeletionPreview }) {
  const stays = plan.left.length + plan.transfers.length > 0;
  return (
    <>
      <div>
        <Text size="sm" fw={500}>
          Deleted
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Your account, every session and your API tokens</List.Item>
          {plan.deleted.map((o) => (
            <List.Item key={o.id}>
              "{o.name}", which only you belong to, with its {websites(o.websites)} and all their events
              {o.subscription ? '; its subscription is cancelled first' : ''}
            </List.Item>
          ))}
        </List>
      </div>
      {stays && (
        <div>
          <Text size="sm" fw={500}>
            Stays
          </Text>
          <List size="sm" spacing={2}>
            {plan.left.map((o) => (
              <List.Item key={o.id}>"{o.name}": you leave it; its websites and data stay</List.Item>
            ))}
            {plan.transfers.map((t) => (
              <List.Item key={t.id}>
                "{t.name}": its websites and data stay with its other members, once ownership passes on
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </>
  );
}
