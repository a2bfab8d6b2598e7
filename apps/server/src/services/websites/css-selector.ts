import { parse } from 'css-what';

/** Whether a browser could read this selector: css-what refuses what querySelector would throw on. */
export function isCssSelector(selector: string): boolean {
  try {
    return parse(selector).length > 0;
  } catch {
    return false;
  }
}
