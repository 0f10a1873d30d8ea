import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeVlq, encodeVlq } from '../../../../runtime/search/vlq.ts';

describe('VLQ (the search index postings)', () => {
  it('decodes what it encodes, for any list of non-negative integers', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: Number.MAX_SAFE_INTEGER })), (numbers) => {
        expect(decodeVlq(encodeVlq(numbers))).toEqual(numbers);
      }),
    );
  });

  it('writes a number below 32 as one JSON-safe character', () => {
    expect(encodeVlq([0, 1, 31])).toBe('ABf');
    expect(encodeVlq([32])).toBe('gB');
    expect(JSON.stringify(encodeVlq([1e9, 7]))).toBe(`"${encodeVlq([1e9, 7])}"`);
  });

  it('refuses negative or fractional numbers, foreign characters and a number cut off', () => {
    expect(() => encodeVlq([-1])).toThrow(RangeError);
    expect(() => encodeVlq([1.5])).toThrow(RangeError);
    expect(() => decodeVlq('A!')).toThrow(SyntaxError);
    expect(() => decodeVlq('Aé')).toThrow(SyntaxError);
    expect(() => decodeVlq('g')).toThrow('VLQ ends inside a number');
  });
});
