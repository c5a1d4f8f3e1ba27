/** Keeps a few recent answers in a Map, whose insertion order serves as the recency order. */
export function remember<T>(map: Map<string, T>, key: string, value: T, limit: number): T {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
  return value;
}
