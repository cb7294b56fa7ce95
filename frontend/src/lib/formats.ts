/**
 * A date and time format in the browser's locale, made the first time it is used rather than as its module loads.
 * The first one made loads the locale's calendar data, 40-80 ms of a mid-range phone's main thread: made at the top
 * of a module, it lengthened the task that evaluated the page's code, whether the page showed a date or not.
 */
export function lazyDateTimeFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
}

/**
 * Has the browser load its calendar data now, in the task this is called in: the first date format made costs a
 * mid-range phone 40-80 ms and every later one almost nothing. Called in a task of its own as the app starts, so
 * that the first drawing of a page with dates (the chat's times) is not lengthened by it.
 */
export function loadDateData(): void {
  new Intl.DateTimeFormat().format(0);
}
