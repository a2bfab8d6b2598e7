import { Alert, Anchor, Card, Table, Text, Title } from '@mantine/core';
import { useInvoices } from '../../api/queries/use-billing';
import { SectionLoader } from '../../components/full-page-loader';
import { ScrollTable } from '../../components/scroll-table';
import { billingTexts, formatDate, formatUsd } from './billing-format';

/** The organization's invoices from Stripe, with their links; owners and admins only. */
export function PaymentHistory({ organizationId }: { organizationId: string }) {
  const invoices = useInvoices(organizationId, true);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Payment history">
      <Title order={3} size="h4" mb="sm">
        Payment history
      </Title>
      {invoices.isPending ? (
        <SectionLoader label="Loading invoices..." />
      ) : invoices.error ? (
        <Alert color="red" variant="light" role="alert">
          {billingTexts.invoicesFailed}
        </Alert>
      ) : invoices.data.length === 0 ? (
        <Text c="dimmed">{billingTexts.noPayments}</Text>
      ) : (
        <ScrollTable minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invoice</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.created * 1000)}</Table.Td>
                  <Table.Td>{invoice.description ?? 'Subscription'}</Table.Td>
                  <Table.Td>{formatUsd(invoice.amount_paid)}</Table.Td>
                  <Table.Td>{invoice.status ?? ''}</Table.Td>
                  <Table.Td>
                    {invoice.hosted_invoice_url ? (
                      <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer">
                        View invoice
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Card>
  );
}
