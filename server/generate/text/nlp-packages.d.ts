// The two packages ship no types; these are the parts the term reader uses.

declare module "snowball-stemmers" {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): Stemmer; algorithms(): string[] };
  export default snowball;
}

declare module "stopword" {
  type StopWords = readonly string[];
  export const eng: StopWords;
  export const fra: StopWords;
  export const deu: StopWords;
  export const spa: StopWords;
  export const ita: StopWords;
  export const por: StopWords;
  export const nld: StopWords;
  export const swe: StopWords;
  export const dan: StopWords;
  export const nob: StopWords;
  export const fin: StopWords;
  export const ron: StopWords;
  export const hun: StopWords;
  export const tur: StopWords;
  export const rus: StopWords;
  export const ces: StopWords;
  export const cat: StopWords;
}
