/**
 * A page's first formatted number loads the browser's locale data (ICU): about 50 ms of a phone's
 * main thread (a 4×-throttled trace of /campaigns), inside whichever render formats it first — the
 * screen's figures, in one of its longest tasks. At boot, while the data is on its way, the number
 * and date formats are made in tasks of their own instead.
 */
export function warmIntl(later: (task: () => void) => void = (task) => setTimeout(task, 0)): void {
  later(() => (0).toLocaleString());
  later(() => new Date(0).toLocaleDateString(undefined, { dateStyle: 'medium' }));
}
