import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CostPreview, CostPreviewRow } from '@ocx/contracts';
import { COST_LAYOUT_LABELS } from '@ocx/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { refusalOr } from '../../api/client';
import { useImportCostReport, usePreviewCostReport } from '../../api/mutations/use-spend-mutations';
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

/**
 * Import costs (loaded when opened): a daily campaign report from Google Ads, Meta Ads Manager or
 * Microsoft Ads is read by the server and previewed row by row; only Import saves the matched rows.
 */
export default function CostImportDialog({ websiteId, onClose }: { websiteId: string; onClose(): void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [currency, setCurrency] = useState('USD');
  const preview = usePreviewCostReport(websiteId, {
    // A report read again replaces what the last import attempt said.
    onSuccess: () => save.reset(),
  });
  const save = useImportCostReport(websiteId, {
    onSuccess: (result) => {
      notifications.show({
        color: 'ocx',
        closeButtonProps: { 'aria-label': 'Close' },
        message: `Imported spend for ${result.saved} campaign day${result.saved === 1 ? '' : 's'}${result.replaced ? ` (${result.replaced} replaced)` : ''}`,
      });
      onClose();
    },
  });
  // Nothing was saved: the last failure, of the import or else of reading the report.
  const error = save.error
    ? refusalOr(save.error, 'Failed to import the report. Please try again.')
    : preview.error
      ? refusalOr(preview.error, 'Failed to read the report. Please try again.')
      : null;
  const read = (text: string) => preview.mutate({ csv: text, currency });
  const choose = async (file: File | null) => {
    preview.reset();
    save.reset();
    if (!file) return setCsv(null);
    const text = await file.text();
    setFileName(file.name);
    setCsv(text);
    read(text);
  };
  const data = preview.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title="Import costs"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Upload a daily campaign report (one row per campaign per day) downloaded from Google Ads, Meta Ads
          Manager or Microsoft Ads. Rows are matched to your campaigns by UTM campaign or campaign name; a day
          imported again replaces the earlier amount.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Button component="label" leftSection={<IconUpload size={16} />} variant="default">
            {fileName ? 'Choose another file' : 'Choose CSV file'}
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
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
            onBlur={() => csv && read(csv)}
          />
        </Group>
        {fileName ? (
          <Text size="sm">
            {fileName}
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
          <Button
            onClick={() => save.mutate({ csv: csv ?? '', currency })}
            loading={save.isPending}
            disabled={!data || data.matched === 0 || preview.isPending || error !== null}
          >
            {data ? `Import ${data.matched} matched row${data.matched === 1 ? '' : 's'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

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
