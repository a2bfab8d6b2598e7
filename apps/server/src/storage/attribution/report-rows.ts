import type { AttributionModel, PerModel } from '@ocx/contracts';

/** A row's per-model columns (`c_first_touch` …, `credit_linear` …) as numbers by model. */
export const perModel = (row: Record<string, unknown>, prefix: string, models: readonly AttributionModel[]) =>
  Object.fromEntries(models.map((m) => [m, Number(row[`${prefix}${m}`] ?? 0)])) as PerModel;
