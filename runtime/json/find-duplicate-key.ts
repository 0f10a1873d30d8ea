/**
 * The first object member name that appears twice in one object of a valid JSON text, or undefined.
 * JSON.parse keeps the last duplicate while other parsers keep the first or refuse: a gate must refuse
 * such a body, or it could check one request and forward another.
 */
export function findDuplicateKey(json: string): string | undefined {
  const stack: Array<Set<string> | null> = [];
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '{') stack.push(new Set());
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === '"') {
      const start = i;
      let escaped = false;
      for (i++; json[i] !== '"'; i++) {
        if (json[i] !== '\\') continue;
        escaped = true;
        i++;
      }
      let j = i + 1;
      while (json[j] === ' ' || json[j] === '\n' || json[j] === '\r' || json[j] === '\t') j++;
      const keys = stack.at(-1);
      if (json[j] !== ':' || !keys) continue;
      // Only a name with escapes needs decoding to compare (`"a"` and `"\u0061"` are one name).
      const key = escaped ? (JSON.parse(json.slice(start, i + 1)) as string) : json.slice(start + 1, i);
      if (keys.has(key)) return key;
      keys.add(key);
    }
  }
  return undefined;
}
