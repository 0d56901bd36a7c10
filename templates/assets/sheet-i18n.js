// The sheet's words and numbers in the page's language: strings from the catalogs (handed over
// in the page's JSON), numbers, plurals, ordinals and lists through Intl. Never glued by hand.

export function makeI18n(strings, locale) {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const cardinal = new Intl.PluralRules(locale);
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' });
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });

  /** The message for key with {placeholders} filled in; a missing key shows the key itself. */
  function t(key, values = {}) {
    const text = Object.prototype.hasOwnProperty.call(strings, key) ? strings[key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  /** A plural message: key_one, key_other, ... chosen by the number in values[countKey]. */
  function tn(key, count, values = {}, rules = cardinal) {
    const category = rules.select(count);
    const chosen = [`${key}_${category}`, `${key}_other`].find((k) => k in strings) || key;
    return t(chosen, { n: num(count), ...values });
  }

  // A negative number is written with the minus sign (U+2212) in every language, as on the rule
  // pages; Intl writes a hyphen in some locales (da, en) and the minus sign in others (sv).
  const minus = (text) => text.replace('-', '\u2212');
  /** A formatter that keeps what it made: a redraw formats the same numbers again and again. */
  const kept = (format) => {
    const made = new Map();
    return (value) => {
      if (Object.is(value, -0)) return minus(format.format(value)); // (a Map takes -0 for 0)
      let text = made.get(value);
      if (text === undefined) {
        if (made.size > 5000) made.clear();
        text = minus(format.format(value));
        made.set(value, text);
      }
      return text;
    };
  };
  const num = kept(numbers);
  return {
    t,
    tn,
    num,
    signed: kept(signed),
    place: (rank) => tn('ordinal', rank, {}, ordinal),
    list: (items) => lists.format(items.map(String)),
    locale,
  };
}
