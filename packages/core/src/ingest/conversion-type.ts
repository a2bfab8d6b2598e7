export type ConversionType = 'revenue' | 'lead' | 'standard';

const LEAD_WORDS = /lead|sign[\s_-]?up|register|registration|subscri|contact|demo|trial|quote|enquir|inquir/i;

/** Spec §3: revenue when it carries a value, lead for lead-like goals, otherwise standard. */
export function conversionType(goalName: string, value: number | null): ConversionType {
  if (value !== null && value > 0) return 'revenue';
  return LEAD_WORDS.test(goalName) ? 'lead' : 'standard';
}
