/**
 * Names that are places whatever the page says around them: the world's countries and territories in
 * English (from the runtime's own region names, Intl.DisplayNames, so no list to keep) and the states of
 * the United States; and names ending with a word for a place or a venue ("Virginia Beach", "Ramsund
 * Bridge"). Other places are told by how the page uses them ("in Lyon", "from Ohio").
 */

const US_STATES =
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming";
/** Names the runtime's region list words differently from how pages write them. */
const COMMON_FORMS =
  "United States|America|Britain|Great Britain|England|Scotland|Wales|Northern Ireland|Europe|Asia|Africa|South America|North America|Middle East|Gaza|West Bank|Taiwan|Hong Kong|Silicon Valley";

/** The last word of a venue or a place, not of a person's name ("Virginia Beach", "Ryman Auditorium"). */
const PLACE_NOUNS =
  /^(?:Beach|Park|Street|St|Road|Avenue|River|County|City|Valley|Island|Islands|Lake|Mountain|Mountains|Bay|Hill|Hills|Square|Amphitheatre|Amphitheater|Arena|Stadium|Center|Centre|Hall|Auditorium|Pavilion|Airport|Station|Bridge|Coast|Sea|Ocean|Desert|Forest|Province|State|Republic|Kingdom|Heights|Springs|Falls|Harbor|Harbour|Port|Village|Town)$/u;

/** Whether `name`'s last word is a place's or a venue's ("Virginia Beach", "Ramsund Bridge"). */
export function endsWithPlaceNoun(name: string): boolean {
  return PLACE_NOUNS.test(name.split(/\s+/).at(-1) ?? "");
}

let known: Set<string> | undefined;

function regionNames(): string[] {
  const names: string[] = [];
  try {
    const display = new Intl.DisplayNames(["en"], { type: "region" });
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const first of letters)
      for (const second of letters) {
        const code = `${first}${second}`;
        const name = display.of(code);
        if (name && name !== code) names.push(name);
      }
  } catch {
    // A runtime without region names still knows the states and the common forms.
  }
  return names;
}

/** Whether `name` is a country, territory, continent or US state. */
export function isKnownPlace(name: string): boolean {
  known ??= new Set([...regionNames(), ...US_STATES.split("|"), ...COMMON_FORMS.split("|")]);
  return known.has(name);
}
