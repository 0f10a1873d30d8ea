import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { getJsoncMember, setJsoncMember } from '../../../../../cli/core/agents/edit-jsonc.ts';

const ENTRY = { type: 'http', url: 'https://warden.example/mcp' };
const PATH = ['mcpServers', 'warden'];
const value = (text: string) => parse(text, [], { allowTrailingComma: true }) as Record<string, unknown>;

// Files as people and agents write them: comments of both kinds, trailing commas, tabs, CRLF, a neighbour on one line.
const FILES: Record<string, string> = {
  empty: '',
  'empty object': '{}\n',
  'empty servers object': '{\n  "mcpServers": {}\n}\n',
  'other servers, 2 spaces': '{\n  "mcpServers": {\n    "other": {\n      "command": "echo"\n    }\n  }\n}\n',
  'a neighbour on one line': '{\n  "mcpServers": {\n    "other": { "command": "x", "args": [] }\n  }\n}\n',
  'tabs and CRLF': '{\r\n\t"theme": "dark",\r\n\t"mcpServers": {\r\n\t\t"other": {\r\n\t\t\t"command": "x"\r\n\t\t}\r\n\t}\r\n}\r\n',
  'comments and trailing commas (Zed, VS Code)':
    '// Zed settings\n{\n  "theme": "One Dark", // mine\n  /* servers */\n  "mcpServers": {\n    "other": { "command": "x" }, // keep\n  },\n  "vim_mode": true,\n}\n',
  'no container yet, 4 spaces': '{\n    "model": "x",\n    "nested": { "a": [1, 2, 3] }\n}',
  'container with only a comment': '{\n  "mcpServers": {\n    // none yet\n  }\n}\n',
  'an older entry of ours':
    '{\n  "mcpServers": {\n    "warden": { "url": "https://old.example/mcp" },\n    "other": { "command": "x" }\n  }\n}\n',
};

describe('setJsoncMember: the entry in a JSON-with-comments file', () => {
  it.each(Object.entries(FILES))('%s: sets the entry, keeps every other value, and a second run changes nothing', (_, text) => {
    const out = setJsoncMember(text, PATH, ENTRY, 'f.json');
    expect(getJsoncMember(out, PATH, 'f.json')).toEqual(ENTRY);
    const before = text.trim() ? value(text) : {};
    const after = value(out);
    const { mcpServers: a = {}, ...restAfter } = after as { mcpServers?: Record<string, unknown> };
    const { mcpServers: b = {}, ...restBefore } = before as { mcpServers?: Record<string, unknown> };
    expect(restAfter).toEqual(restBefore);
    expect({ ...(a as object), warden: undefined }).toEqual({ ...(b as object), warden: undefined });
    expect(setJsoncMember(out, PATH, ENTRY, 'f.json')).toBe(out);
  });

  // Where the file already had the servers' object, uninstall gives it back byte for byte; where install made it, an
  // empty `{}` stays (it might have been the user's: install and uninstall keep no record).
  it.each(Object.entries(FILES).filter(([name]) => name !== 'an older entry of ours'))(
    "%s: every comment stays, and removing the entry gives the file back (with the servers' object it made, empty)",
    (_, text) => {
      const out = setJsoncMember(text, PATH, ENTRY, 'f.json');
      for (const comment of text.match(/\/\/[^\n\r]*|\/\*[\s\S]*?\*\//g) ?? []) expect(out).toContain(comment);
      const back = setJsoncMember(out, PATH, undefined, 'f.json');
      if (text.includes('"mcpServers"')) expect(back).toBe(text);
      else expect(value(back)).toEqual({ ...(text.trim() ? value(text) : {}), mcpServers: {} });
    },
  );

  it('formats the inserted entry like the file (its indent, its line ends) and leaves a neighbour on one line as it was', () => {
    const tabs = setJsoncMember(FILES['tabs and CRLF']!, PATH, ENTRY, 'f.json');
    expect(tabs).toContain('\r\n\t\t"warden": {\r\n\t\t\t"type": "http",');
    expect(tabs.replace(/\r\n/g, '')).not.toContain('\n');
    const oneLine = setJsoncMember(FILES['a neighbour on one line']!, PATH, ENTRY, 'f.json');
    expect(oneLine).toContain('    "other": { "command": "x", "args": [] },\n    "warden": {\n      "type": "http",');
  });

  it('on any JSON object, written with any indent: the entry is added, everything else is equal, and removal restores it', () => {
    const json = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'mcpServers' && k !== '__proto__'),
      // `__proto__` parses differently in JSON.parse and jsonc-parser: a test artifact, not a file people write.
      fc.jsonValue({ maxDepth: 3 }).filter((v) => !JSON.stringify(v).includes('__proto__')),
    );
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2, 4, '\t'), (object, indent) => {
        const text = `${JSON.stringify(object, null, indent)}\n`;
        const withServers = `${JSON.stringify({ ...object, mcpServers: {} }, null, indent)}\n`;
        const out = setJsoncMember(withServers, PATH, ENTRY, 'f.json');
        expect(value(out)).toEqual({ ...JSON.parse(text), mcpServers: { warden: ENTRY } });
        expect(setJsoncMember(out, PATH, undefined, 'f.json')).toBe(withServers);
      }),
      { numRuns: 300 },
    );
  });

  it('a file that does not parse is refused with its name, line and column; so is a container that is not an object', () => {
    expect(() => setJsoncMember('{\n  "a": 1,\n  "b" 2\n}\n', PATH, ENTRY, '/x/settings.json')).toThrow(
      /^\/x\/settings\.json:3:7: colon expected; left as it is/,
    );
    expect(() => setJsoncMember('{\n  "mcpServers": []\n}\n', PATH, ENTRY, 'f.json')).toThrow(
      /^f\.json:2:17: "mcpServers" is not an object/,
    );
    expect(() => setJsoncMember('[1]', PATH, ENTRY, 'f.json')).toThrow(/the file is not a JSON object/);
  });

  it('an empty file gets a whole object', () => {
    expect(setJsoncMember('', PATH, ENTRY, 'f.json')).toBe(`${JSON.stringify({ mcpServers: { warden: ENTRY } }, null, 2)}\n`);
  });

  it('removing an entry that is not there changes nothing', () => {
    for (const text of Object.values(FILES).filter((t) => !t.includes('warden')))
      expect(setJsoncMember(text, PATH, undefined, 'f.json')).toBe(text);
  });
});
