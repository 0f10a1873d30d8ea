import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from '../../../runtime/json/find-duplicate-key.ts';
import { needsCredential } from '../../../runtime/mcp/needs-credential.ts';
import { readContent } from '../../../content-model/read-content.ts';

const PUBLIC = readContent(undefined, {}).site.mcp.public_methods;

describe('needsCredential (contract RPC-2, RPC-3, deny by default)', () => {
  it.each([
    ['initialize', true, false],
    ['ping', true, false],
    ['tools/list', true, false],
    ['server/discover', true, false],
    ['resources/list', true, false],
    ['resources/templates/list', true, false],
    ['notifications/initialized', false, false],
    ['notifications/cancelled', false, false],
    ['tools/call', true, true],
    ['tools/call', false, true],
    ['prompts/list', true, true],
    ['resources/subscribe', true, true],
    ['Tools/List', true, true],
    ['notifications/x', true, true],
  ] as const)('%s (id: %s) → needs a credential: %s', (method, hasId, expected) => {
    expect(needsCredential({ method, hasId }, PUBLIC)).toBe(expected);
  });

  it('a response (no method) needs one', () => expect(needsCredential({ hasId: true }, PUBLIC)).toBe(true));

  const SKILL = 'skill://warden/SKILL.md';
  it.each([
    [{ uri: SKILL }, false],
    [{ uri: 'lessons://team/1' }, true],
    [{ uri: 'skill://warden/SKILL.md#x' }, true],
    [{ uri: 'SKILL://WARDEN/SKILL.MD' }, true],
    [{ uri: [SKILL] }, true],
    [{}, true],
    [null, true],
    [SKILL, true],
  ])('resources/read of %j → needs a credential: %s (public only for the published skills)', (params, expected) => {
    expect(needsCredential({ method: 'resources/read', hasId: true, params }, PUBLIC, [SKILL])).toBe(expected);
  });

  it('resources/read needs one for every resource when none is published', () =>
    expect(needsCredential({ method: 'resources/read', hasId: true, params: { uri: SKILL } }, PUBLIC)).toBe(true));
});

describe('findDuplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"x":{"b":1,"b":2}}', 'b'],
    ['[{"a":1},{"a":2}]', undefined],
    ['{"a":"\\"a\\":","b":["a","a"]}', undefined],
    ['{"\\u0061":1,"a":2}', 'a'],
    ['{ "a" : 1 , "c": {"a": 2} }', undefined],
  ])('%s → %s', (json, expected) => {
    JSON.parse(json);
    expect(findDuplicateKey(json)).toBe(expected);
  });
});
