import type { AttributionModel } from '@ocx/contracts';
import { sql } from 'kysely';

/**
 * touch_credit keeps every model's credit and value credit (minor units) as columns. The names
 * come from the closed list of models, never from a request.
 */
export const creditOf = (model: AttributionModel, alias = 'a') => sql.ref<number>(`${alias}.credit_${model}`);
export const valueCreditOf = (model: AttributionModel, alias = 'a') =>
  sql.ref<number>(`${alias}.value_${model}`);
