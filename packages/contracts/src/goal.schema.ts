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

/** The body of `PATCH /api/websites/{id}/goals/{goalId}`: any of a goal's fields; the others stay. */
export const GoalPatch = z.object({
  name: NewGoal.shape.name.optional(),
  type: GoalType.optional(),
  /** Needed with a new type: a goal keeps only the condition of its type. */
  conditions: GoalConditions.optional(),
  value: NewGoal.shape.value,
});
export type GoalPatch = z.infer<typeof GoalPatch>;

const GoalRef = z.object({ id: z.string().nullable(), name: z.string() });

/**
 * Two valued goals whose conversions came in one visit, within 30 minutes, `pairs` times in the
 * last 90 days since either goal last changed: one sale counted twice
 * (docs/definitions.md#valued-goals-that-overlap).
 */
export const GoalOverlap = z.object({ goals: z.tuple([GoalRef, GoalRef]), pairs: z.number() });
export type GoalOverlap = z.infer<typeof GoalOverlap>;
