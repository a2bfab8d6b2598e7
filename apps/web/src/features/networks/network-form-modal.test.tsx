import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { NetworkFormModal } from './network-form-modal';

const NETWORKS = '/api/websites/w1/networks';

function openForm(answer: () => FakeAnswer) {
  const api = fakeApi({
    [NETWORKS]: answer,
    '/api/websites/w1/sources': () => ({ body: [] }),
    '/api/ad-platforms': () => ({ body: [] }),
  });
  const onClose = vi.fn();
  renderScreen(<NetworkFormModal websiteId="w1" opened onClose={onClose} />);
  return { ...api, onClose };
}

const nameField = () => screen.getByRole('textbox', { name: /Network Name/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('network form', () => {
  it('says an empty name under the name field and sends nothing', async () => {
    const { requests } = openForm(() => ({ status: 201, body: {} }));
    await save();
    expectFieldError(nameField(), 'Please enter a network name');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, NETWORKS)).toHaveLength(0);

    await userEvent.type(nameField(), 'Bing Ads');
    expect(nameField().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('an empty tracking parameter is said under its field when Enter is pressed', async () => {
    openForm(() => ({ status: 201, body: {} }));
    await userEvent.type(screen.getByRole('textbox', { name: /Tracking Parameters/ }), '{Enter}');
    expectFieldError(
      screen.getByRole('textbox', { name: /Tracking Parameters/ }),
      'Please enter a tracking parameter',
    );
  });

  it("puts the server's refusal at the field it names", async () => {
    openForm(() => ({
      status: 409,
      body: { error: 'A network with this name already exists', field: 'name' },
    }));
    await userEvent.type(nameField(), 'Google Ads');
    await save();
    await waitFor(() => expectFieldError(nameField(), 'A network with this name already exists'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal without a field shows above the buttons', async () => {
    openForm(() => ({ status: 409, body: { error: 'A network with this name already exists' } }));
    await userEvent.type(nameField(), 'Google Ads');
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('A network with this name already exists');
    expect(nameField().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('cannot be sent twice while it saves, and closes once saved', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { onClose } = openForm(() => ({ body: [] }));
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : fakeFetch(input, init),
    );
    await userEvent.type(nameField(), 'Bing Ads');
    await save();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true),
    );
    answer(Response.json({ id: 'n1' }, { status: 201 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
