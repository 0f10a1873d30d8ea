/**
 * Remembers a pure function of a request header's value: clients send few distinct values (Accept,
 * Accept-Encoding), so each is parsed once. Bounded, because the value is the client's: past `max` entries the table
 * starts over.
 */
export function remembered<T>(compute: (value: string) => T, max = 256): (value: string) => T {
  const table = new Map<string, T>();
  return (value) => {
    if (table.has(value)) return table.get(value)!;
    const result = compute(value);
    if (table.size >= max) table.clear();
    table.set(value, result);
    return result;
  };
}
