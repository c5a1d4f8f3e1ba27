/**
 * One translate function for every message source: the browser's own `i18n.getMessage` (the browser's
 * language) or a locale's messages.json loaded by ui-language.ts (the language chosen in the options).
 * It takes the arguments `i18n.t` of @wxt-dev/i18n takes, so code written against "#i18n" is unchanged;
 * plurals follow the locale's rules (Intl.PluralRules) instead of that module's "1 or not" test.
 */

type Substitution = string | number;
type TranslateArgument =
  | number
  | readonly Substitution[]
  | Readonly<Record<string, Substitution>>
  | undefined
  | null;
export type Translate = (key: string, ...args: TranslateArgument[]) => string;

/** A message by its messages.json key (`popup_title`), with `$1`… replaced by `substitutions`. */
export type MessageLookup = (key: string, substitutions: string[]) => string;

/** The messages.json of one locale, as the extension ships it. */
export type MessagesFile = Readonly<Record<string, { message: string }>>;

const NAMED_SUBSTITUTION = /\{([A-Za-z0-9_]+)\}/g;
/** Plural forms are stored joined, as @wxt-dev/i18n writes them into messages.json. */
const PLURAL_SEPARATOR = " | ";

/** Looks messages up in a loaded messages.json, replacing `$1`… (and `$$`) as `i18n.getMessage` does. */
export function lookupIn(messages: MessagesFile): MessageLookup {
  return (key, substitutions) =>
    (messages[key]?.message ?? "").replace(/\$(\$|[1-9])/g, (_, ref: string) =>
      ref === "$" ? "$" : (substitutions[Number(ref) - 1] ?? ""),
    );
}

/**
 * The form of a plural message for `count` in the language `tag`: one form (Japanese, Chinese) is for
 * every count; of two, the first is the locale's "one" (French says "0 lien", English "0 links"); of
 * three, @wxt-dev/i18n's zero, one, other.
 */
export function pluralForm(forms: readonly string[], count: number, rules: Intl.PluralRules): string {
  const one = rules.select(count) === "one";
  const index = forms.length === 3 ? (count === 0 ? 0 : one ? 1 : 2) : forms.length === 2 && !one ? 1 : 0;
  return forms[index] ?? "";
}

export function createTranslate(lookup: MessageLookup, tag: string): Translate {
  const rules = new Intl.PluralRules(tag);
  return (key, ...args) => {
    let count: number | undefined;
    let positional: readonly Substitution[] | undefined;
    let named: Readonly<Record<string, Substitution>> | undefined;
    for (const arg of args) {
      if (arg == null) continue;
      if (typeof arg === "number") count = arg;
      else if (Array.isArray(arg)) positional = arg;
      else named = arg as Readonly<Record<string, Substitution>>;
    }
    const substitutions = (positional ?? (count === undefined ? [] : [count])).map(String);
    let message = lookup(key.replaceAll(".", "_"), substitutions);
    if (count !== undefined) message = pluralForm(message.split(PLURAL_SEPARATOR), count, rules);
    return named === undefined
      ? message
      : message.replace(NAMED_SUBSTITUTION, (match, name: string) =>
          Object.hasOwn(named, name) ? String(named[name]) : match,
        );
  };
}
