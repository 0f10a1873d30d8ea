/**
 * Remembers a pure function of a request header's value: clients send few distinct values (Accept,
 * Accept-Encoding), so each is parsed once. Bounded, because the value is the client's: past `max` entries the table
 * starts over.
 */
export function remembered<T>(compute: (value: string) => T, max = 256): (value: string) => T {
  const table = new Map<string, T>();
  return (value) => {
    // One lookup for a value seen before; `has` only when the remembered result is itself undefined.
    const known = table.get(value);
    if (known !== undefined || table.has(value)) return known as T;
    const result = compute(value);
    if (table.size >= max) table.clear();
    table.set(value, result);
    return result;
  };
}
