/**
 * A date and time format in the browser's locale, made the first time it is used rather than as its module loads.
 * Making one loads the locale's calendar data, the first about 15 ms of a mid-range phone's main thread: made at the
 * top of a module, each lengthened the task that evaluated the page's code, whether the page showed a date or not.
 */
export function lazyDateTimeFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
}
