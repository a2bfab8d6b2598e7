import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { CostPreview, CostPreviewRow } from '@ocx/contracts';
import { COST_LAYOUT_LABELS } from '@ocx/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { refusalOr } from '../../api/client';
import { useImportCostReport, usePreviewCostReport } from '../../api/mutations/use-spend-mutations';
import { dialogCloseProps, notificationCloseProps } from '../../components/dialog-close';
import { formError, showServerError } from '../../components/forms/server-error';
import { formatMoney } from '../../components/logs/log-format';

// Light orange (and dark orange, 3.9:1) text is too pale for WCAG AA: rows without a campaign get a dark red outline (5.6:1).
const STATUS: Record<
  CostPreviewRow['status'],
  { label: string; color: string; variant: 'light' | 'outline' }
> = {
  matched: { label: 'Matched', color: 'green', variant: 'light' },
  unmatched: { label: 'No campaign', color: 'red.9', variant: 'outline' },
  duplicate: { label: 'Duplicate', color: 'gray', variant: 'light' },
};

interface ImportValues {
  /** The chosen file: its name and text. The server's refusal of its text (`csv`) is said above the rows. */
  report: { name: string; csv: string } | null;
  currency: string;
}

/**
 * Import costs (loaded when opened): a daily campaign report from Google Ads, Meta Ads Manager or
 * Microsoft Ads is read by the server and previewed row by row; only Import saves the matched rows.
 */
export default function CostImportDialog({ websiteId, onClose }: { websiteId: string; onClose(): void }) {
  const form = useForm<ImportValues>({ initialValues: { report: null, currency: 'USD' } });
  const preview = usePreviewCostReport(websiteId, {
    onError: (err) =>
      showServerError(form, err, refusalOr(err, 'Failed to read the report. Please try again.')),
  });
  const save = useImportCostReport(websiteId, {
    onSuccess: (result) => {
      notifications.show({
        color: 'ocx',
        closeButtonProps: notificationCloseProps('costs imported'),
        message: `Imported spend for ${result.saved} campaign day${result.saved === 1 ? '' : 's'}${result.replaced ? ` (${result.replaced} replaced)` : ''}`,
      });
      onClose();
    },
    onError: (err) =>
      showServerError(form, err, refusalOr(err, 'Failed to import the report. Please try again.')),
  });
  // A report read again replaces what the last attempt said: nothing was saved either way.
  const read = (csv: string, currency: string) => {
    form.clearErrors();
    save.reset();
    preview.mutate({ csv, currency });
  };
  const choose = async (file: File | null) => {
    form.clearErrors();
    preview.reset();
    save.reset();
    if (!file) return form.setFieldValue('report', null);
    const csv = await file.text();
    form.setFieldValue('report', { name: file.name, csv });
    read(csv, form.getValues().currency);
  };
  const submit = form.onSubmit(({ report, currency }) => save.mutate({ csv: report?.csv ?? '', currency }));
  const { report } = form.values;
  const error = formError(form);
  const data = preview.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title="Import costs"
      size="xl"
      closeButtonProps={dialogCloseProps('Import costs')}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Upload a daily campaign report (one row per campaign per day) downloaded from Google Ads, Meta Ads
          Manager or Microsoft Ads. Rows are matched to your campaigns by UTM campaign or campaign name; a day
          imported again replaces the earlier amount.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Button component="label" leftSection={<IconUpload size={16} />} variant="default">
            {report ? 'Choose another file' : 'Choose CSV file'}
            <input
              type="file"
              accept=".csv,.tsv,text/csv,text/plain"
              hidden
              data-testid="cost-file"
              onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
            />
          </Button>
          <TextInput
            label="Currency if the file has none"
            maxLength={3}
            w={240}
            {...form.getInputProps('currency')}
            onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
            onBlur={() => report && read(report.csv, form.getValues().currency)}
          />
        </Group>
        {report ? (
          <Text size="sm">
            {report.name}
            {data ? ` — ${COST_LAYOUT_LABELS[data.layout]} report` : ''}
          </Text>
        ) : null}
        {error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            role="alert"
            title="Nothing was saved"
          >
            {error}
          </Alert>
        ) : null}
        {data ? <PreviewTable preview={data} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* Not a submit button: Enter in the currency field must not import what was not read again. */}
          <Button
            onClick={() => submit()}
            loading={save.isPending}
            disabled={!data || data.matched === 0 || preview.isPending || hasErrors(form.errors)}
          >
            {data ? `Import ${data.matched} matched row${data.matched === 1 ? '' : 's'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const hasErrors = (errors: Record<string, unknown>) => Object.keys(errors).length > 0;

function PreviewTable({ preview }: { preview: CostPreview }) {
  return (
    <Stack gap="xs">
      <Group gap="xs" data-testid="cost-preview-summary">
        <Badge color="green" variant="light">
          {preview.matched} matched
        </Badge>
        <Badge color="red.9" variant="outline">
          {preview.unmatched} without a campaign
        </Badge>
        <Badge color="gray" variant="light">
          {preview.duplicate} duplicate
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={560} mah={360} tabIndex={0} role="region" aria-label="Report rows">
        <Table verticalSpacing={4} striped data-testid="cost-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Day</Table.Th>
              <Table.Th>Campaign in the report</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={r.line}>
                <Table.Td>{r.line}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.day}</Table.Td>
                <Table.Td>{r.campaign}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.amount, r.currency)}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={STATUS[r.status].color} variant={STATUS[r.status].variant}>
                      {STATUS[r.status].label}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {r.status === 'duplicate'
                        ? `same day as line ${r.duplicateOf}, skipped`
                        : r.status === 'matched'
                          ? `${r.campaignName}${r.replaces ? ' · replaces saved day' : ''}`
                          : 'skipped'}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
