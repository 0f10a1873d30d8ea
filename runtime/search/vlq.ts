// Unsigned variable-length quantities in base64 digits (the source map format's VLQ, without the sign bit): small
// numbers take one character, any number is JSON-safe without escaping, and a list decodes in one pass.

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE_OF[DIGITS.charCodeAt(i)] = i;

/** Each number (a non-negative integer) as base64 digits of five bits, the sixth bit saying another digit follows. */
export function encodeVlq(numbers: readonly number[]): string {
  let out = '';
  for (let n of numbers) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`VLQ takes non-negative integers, not ${n}`);
    do {
      const digit = n % 32;
      n = Math.floor(n / 32);
      out += DIGITS[n > 0 ? digit | 32 : digit];
    } while (n > 0);
  }
  return out;
}

/** The numbers of an encodeVlq string; a character outside the alphabet or a cut-off number throws. */
export function decodeVlq(text: string): number[] {
  const numbers: number[] = [];
  let value = 0;
  let scale = 1;
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? VALUE_OF[code]! : -1;
    if (digit < 0) throw new SyntaxError(`not a VLQ digit at ${i}`);
    value += (digit & 31) * scale;
    if (digit & 32) {
      scale *= 32;
      open = true;
    } else {
      numbers.push(value);
      value = 0;
      scale = 1;
      open = false;
    }
  }
  if (open) throw new SyntaxError('VLQ ends inside a number');
  return numbers;
}
