import type { GoalMatch, IngestEvent, IngestWebsite, Step } from '../ingest-types';
import { websiteOf } from '../ingest-types';

type Goal = IngestWebsite['goals'][number];

/** Pageview goals match a path containing theirs; click goals their selector; event goals the event name. */
function goalMatches(event: IngestEvent, goal: Goal): boolean {
  const { path, selector, event: name } = goal.conditions;
  switch (goal.type) {
    case 'pageview':
      return event.type === 'pageview' && !!path && event.path.toLowerCase().includes(path.toLowerCase());
    case 'click':
      return event.type === 'click' && !!selector && event.selector === selector;
    case 'event':
      return event.type === 'custom' && !!name && event.name === name;
  }
}

export const matchGoals: Step = (event) => {
  const matches: GoalMatch[] = websiteOf(event)
    .goals.filter((goal) => goalMatches(event, goal))
    .map((goal) => ({
      goalId: goal.id,
      goalName: goal.name,
      value: event.value ?? goal.value,
      currency: event.currency ?? 'USD',
    }));
  return matches.length ? { ...event, goalMatches: matches } : event;
};
