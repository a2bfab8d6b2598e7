import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi, requestsTo } from '../../test/fake-api';
import { expectFieldError } from '../../test/field-error';
import { renderScreen } from '../../test/render-screen';
import { NewGoalModal } from './new-goal-modal';

const GOALS = '/api/websites/w1/goals';

function openModal(answer: () => FakeAnswer) {
  const api = fakeApi({ [GOALS]: answer, '/api/websites': () => ({ body: [] }) });
  renderScreen(<NewGoalModal websiteId="w1" opened onClose={() => undefined} />);
  return api;
}

const add = () => userEvent.click(screen.getByRole('button', { name: 'Add Goal' }));

describe('new goal modal', () => {
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
});
