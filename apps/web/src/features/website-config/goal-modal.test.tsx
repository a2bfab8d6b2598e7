import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { GoalModal } from './goal-modal';

const GOALS = '/api/websites/w1/goals';

function openModal(answer: () => FakeAnswer) {
  const api = fakeApi({ [GOALS]: answer, '/api/websites': () => ({ body: [] }) });
  renderScreen(<GoalModal websiteId="w1" goal={null} opened onClose={() => undefined} />);
  return api;
}

const add = () => userEvent.click(screen.getByRole('button', { name: 'Add Goal' }));

describe('goal modal', () => {
  it('marks the empty name and condition, and the banner says the first rule', async () => {
    const { requests } = openModal(() => ({ status: 201, body: {} }));
    await add();
    expectFieldError(
      screen.getByRole('textbox', { name: /Goal Name/ }),
      'Please fill in all required fields',
    );
    expectFieldError(
      screen.getByRole('textbox', { name: /Page Path/ }),
      'Please enter a page path for the pageview goal',
    );
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');

    // Another type asks for its own condition.
    await userEvent.click(screen.getByRole('radio', { name: 'Event' }));
    expectFieldError(
      screen.getByRole('textbox', { name: /Event Name/ }),
      'Please enter an event name for the event goal',
    );
    expect(requestsTo(requests, GOALS)).toHaveLength(0);
  });

  it("puts the server's refusal of a selector at the condition field", async () => {
    const message =
      'This is not a valid CSS selector. Use an id or a class, for example #buy-button or .add-to-cart';
    openModal(() => ({ status: 400, body: { error: message } }));
    await userEvent.type(screen.getByRole('textbox', { name: /Goal Name/ }), 'Buy');
    await userEvent.click(screen.getByRole('radio', { name: 'Click' }));
    await userEvent.type(screen.getByRole('textbox', { name: /CSS Selector/ }), '#buy');
    await add();
    await waitFor(() => expectFieldError(screen.getByRole('textbox', { name: /CSS Selector/ }), message));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('any other refusal shows above the buttons', async () => {
    openModal(() => ({ status: 500, body: { error: 'boom' } }));
    await userEvent.type(screen.getByRole('textbox', { name: /Goal Name/ }), 'Thanks');
    await userEvent.type(screen.getByRole('textbox', { name: /Page Path/ }), '/thank-you');
    await add();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add goal. Please try again.');
  });

  it('marks the condition when the server refuses a duplicate goal (409)', async () => {
    const message = 'Goal "Purchase" already matches this event name: each conversion would count twice';
    openModal(() => ({ status: 409, body: { error: message } }));
    await userEvent.type(screen.getByRole('textbox', { name: /Goal Name/ }), 'Buy');
    await userEvent.click(screen.getByRole('radio', { name: 'Event' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Event Name/ }), 'purchase');
    await add();
    await waitFor(() => expectFieldError(screen.getByRole('textbox', { name: /Event Name/ }), message));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits a goal: starts from its fields and sends them with PATCH to the goal', async () => {
    const goal = {
      id: 'g1',
      websiteId: 'w1',
      name: 'Thank you page',
      type: 'pageview' as const,
      conditions: { path: '/thank-you' },
      value: 25,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { calls } = fakeApi({
      [`${GOALS}/g1`]: () => ({ body: { ...goal, value: null } }),
      '/api/websites': () => ({ body: [] }),
    });
    renderScreen(<GoalModal websiteId="w1" goal={goal} opened onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Edit Conversion Goal' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Page Path/ }) as HTMLInputElement).value).toBe('/thank-you');
    await userEvent.clear(screen.getByRole('textbox', { name: /Goal Value/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Goal' }));
    await waitFor(() => expect(calls.filter((c) => c.path === `${GOALS}/g1`)).toHaveLength(1));
    expect(calls.find((c) => c.path === `${GOALS}/g1`)).toEqual({
      method: 'PATCH',
      path: `${GOALS}/g1`,
      body: {
        name: 'Thank you page',
        type: 'pageview',
        conditions: { path: '/thank-you' },
        value: null,
      },
    });
  });
});
