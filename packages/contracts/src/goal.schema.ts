import { z } from 'zod';
import { goalTypes } from './constants';
import { messages } from './messages';

export const GoalType = z.enum(goalTypes, { error: messages.goals.required });
export type GoalType = z.infer<typeof GoalType>;

export const GoalConditions = z.object({
  path: z.string().max(2048).optional(),
  selector: z.string().max(512).optional(),
  event: z.string().max(200).optional(),
});
export type GoalConditions = z.infer<typeof GoalConditions>;

export const Goal = z.object({
  id: z.string(),
  websiteId: z.string(),
  name: z.string(),
  type: GoalType,
  conditions: GoalConditions,
  value: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Goal = z.infer<typeof Goal>;

/** The body of `POST /api/websites/{id}/goals`; the type-dependent rule lives in core's validateNewGoal. */
export const NewGoal = z.object({
  name: z.string({ error: messages.goals.required }).max(200),
  type: GoalType,
  conditions: GoalConditions.default({}),
  value: z
    .number({ error: messages.goals.value })
    .min(0, messages.goals.value)
    .max(1e12, messages.goals.value)
    .nullable()
    .optional(),
});
export type NewGoal = z.infer<typeof NewGoal>;
