import { Table } from '@mantine/core';
import type { AttributionModel, ConversionLogRow } from '@ocx/contracts';
import { useState } from 'react';
import { ScrollTable } from '../../components/scroll-table';
import { ConversionRow } from './conversion-row';

/** Spec §2 Conversions Log columns; any number of rows can be open at once. */
export function ConversionsTable({
  conversions,
  model,
}: {
  conversions: ConversionLogRow[];
  model: AttributionModel;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ScrollTable minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="conversions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label="Touchpoints" />
            <Table.Th>Date</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Goal</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Visitor ID</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conversions.map((c) => (
            <ConversionRow
              key={c.id}
              conversion={c}
              expanded={open.has(c.id)}
              onToggle={() => toggle(c.id)}
              model={model}
            />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
