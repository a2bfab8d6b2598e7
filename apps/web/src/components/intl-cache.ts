/**
 * Intl formatters, made once per locale and options: making one costs far more than formatting
 * with it, and a dashboard formats hundreds of numbers and dates on every render.
 */
function cached<Options, Format>(make: (locale: string | undefined, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (locale?: string, options: Options = {} as Options): Format => {
    const key = `${locale ?? ''}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const numberFormat = cached(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
export const dateTimeFormat = cached(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
