import { openConfirm } from '../dialog-close';

export interface LeaveQuestion {
  title: string;
  text: string;
}

// One page is shown at a time, so there is at most one draft to lose: the page sets it while it has
// unsaved edits, and whatever would replace the page without a navigation (the website selector)
// asks through askBeforeDiscarding.
let pending: LeaveQuestion | null = null;

/** Called by the page's leave guard: its question while edits are unsaved, null once they are not. */
export function setUnsavedEdits(question: LeaveQuestion | null): void {
  pending = question;
}

/** Asks the page's question: "Leave without saving" runs `leave`; `closed` runs however the dialog closes. */
export function askToLeave(question: LeaveQuestion, leave: () => void, closed?: () => void): void {
  openConfirm({
    title: question.title,
    children: question.text,
    labels: { confirm: 'Leave without saving', cancel: 'Stay on this page' },
    confirmProps: { color: 'red' },
    onConfirm: leave,
    ...(closed ? { onClose: closed } : {}),
  });
}

/** Runs `proceed` at once when nothing is unsaved, else only after the person agrees to lose the edits. */
export function askBeforeDiscarding(proceed: () => void): void {
  if (pending) askToLeave(pending, proceed);
  else proceed();
}
