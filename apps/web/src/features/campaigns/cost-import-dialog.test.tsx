import type { CostPreview } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import CostImportDialog from './cost-import-dialog';

const REPORT = 'Day,Campaign,Currency code,Cost\n2026-11-20,black_friday_sale,USD,40.00\n';
const preview: CostPreview = {
  layout: 'google_ads',
  matched: 1,
  unmatched: 0,
  duplicate: 0,
  rows: [
    {
      line: 2,
      day: '2026-11-20',
      campaign: 'black_friday_sale',
      amount: 40,
      currency: 'USD',
      status: 'matched',
      campaignId: 'c1',
      campaignName: 'Black Friday Sale',
      replaces: false,
      duplicateOf: null,
    },
  ],
};

function open(answers: { preview: () => FakeAnswer; import?: () => FakeAnswer }) {
  const api = fakeApi({
    '/api/websites/w1/costs/preview': answers.preview,
    '/api/websites/w1/costs/import': answers.import ?? (() => ({ body: { saved: 1, replaced: 0 } })),
  });
  const onClose = vi.fn();
  renderScreen(<CostImportDialog websiteId="w1" onClose={onClose} />);
  return { ...api, onClose };
}
const choose = (name = 'report.csv') =>
  userEvent.upload(screen.getByTestId('cost-file'), new File([REPORT], name, { type: 'text/csv' }));
const currencyField = () => screen.getByRole('textbox', { name: 'Currency if the file has none' });
const importButton = () => screen.getByRole('button', { name: /^Import/ });
const bodiesTo = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

describe('cost import dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the chosen report with the currency, previews it and imports the matched rows', async () => {
    const { calls, onClose } = open({ preview: () => ({ body: preview }) });
    await userEvent.clear(currencyField());
    await userEvent.type(currencyField(), 'eur');
    expect((currencyField() as HTMLInputElement).value).toBe('EUR');
    await choose();
    expect(await screen.findByText('report.csv — Google Ads report')).toBeTruthy();
    expect(screen.getByTestId('cost-preview-summary').textContent).toContain('1 matched');
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 matched row' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesTo(calls, '/api/websites/w1/costs/preview')).toEqual([{ csv: REPORT, currency: 'EUR' }]);
    expect(bodiesTo(calls, '/api/websites/w1/costs/import')).toEqual([{ csv: REPORT, currency: 'EUR' }]);
  });

  it('says a refused report above the rows, saves nothing, and forgets it once another file is read', async () => {
    const refusal = 'Line 2: "4O.00" in the Cost column is not an amount';
    const answers: FakeAnswer[] = [
      { status: 400, body: { error: refusal, field: 'csv' } },
      { body: preview },
    ];
    const { calls } = open({ preview: () => answers.shift() ?? { body: preview } });
    await choose('broken.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was saved');
    expect(alert.textContent).toContain(refusal);
    expect(importButton().hasAttribute('disabled')).toBe(true);

    await choose('fixed.csv');
    expect(await screen.findByText('fixed.csv — Google Ads report')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(importButton().hasAttribute('disabled')).toBe(false);
    expect(bodiesTo(calls, '/api/websites/w1/costs/import')).toEqual([]);
  });

  it('says a refused currency under its field and imports nothing until the report is read again', async () => {
    const refusal = 'The currency is a three-letter code like USD or EUR';
    const answers: FakeAnswer[] = [{ body: preview }, { body: preview }];
    const { calls } = open({
      preview: () => answers.shift() ?? { body: preview },
      import: () => ({ status: 400, body: { error: refusal, field: 'currency' } }),
    });
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 matched row' }));
    await vi.waitFor(() => expectFieldError(currencyField(), refusal));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(importButton().hasAttribute('disabled')).toBe(true);

    // Leaving the currency field reads the report again with it: the refusal is gone.
    await userEvent.click(currencyField());
    await userEvent.tab();
    await vi.waitFor(() => expect(importButton().hasAttribute('disabled')).toBe(false));
    expect(currencyField().getAttribute('aria-invalid')).not.toBe('true');
    expect(bodiesTo(calls, '/api/websites/w1/costs/preview')).toHaveLength(2);
  });
});
