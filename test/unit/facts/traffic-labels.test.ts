import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, READER_CATEGORIES } from '../../../facts/traffic-labels.ts';

describe('the labels traffic is counted by', () => {
  it('are the ones the traffic answer publishes (content/schemas/FeedbackTraffic.yaml)', () => {
    const schema = parse(readFileSync('content/schemas/FeedbackTraffic.yaml', 'utf8'));
    const row = schema.properties.days.items.properties;
    expect(row.category.enum).toEqual([...READER_CATEGORIES]);
    expect(row.kind.enum).toEqual([...DOCUMENT_KINDS]);
  });
});
