/**
 * A person's name without the title a page writes before it ("Councillor Priya Natarajan", "President
 * Donald Trump", "Gov. Kristi Noem" → the name alone): the title is a role, and the name is what a list
 * of people or speakers shows. What is left is still written on the page as it is.
 */
const TITLE =
  /^(?:(?:Councillor|Councilman|Councilwoman|Council\s+Member|President|Vice\s+President|Prime\s+Minister|Minister|Secretary|Senator|Sen\.|Representative|Rep\.|Governor|Gov\.|Mayor|Judge|Justice|Chancellor|King|Queen|Prince|Princess|Pope|General|Gen\.|Colonel|Captain|Sergeant|Officer|Detective|Professor|Prof\.|Doctor|Dr\.|Mr\.?|Mrs\.?|Ms\.?|Sir|Dame|Lord|Lady|Coach|Chairman|Chairwoman|Chair|Director|Commissioner|Sheriff|Chief)\s+)+/u;

/** `name` without a leading title, when a name of at least two words is left; else `name`. */
export function withoutTitle(name: string): string {
  const bare = name.replace(TITLE, "");
  return bare !== name && /^\p{Lu}/u.test(bare) && bare.includes(" ") ? bare : name;
}
