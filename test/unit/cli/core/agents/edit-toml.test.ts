import { parse } from '@decimalturn/toml-patch';
import { describe, expect, it } from 'vitest';
import { getTomlMember, setTomlMember } from '../../../../../cli/core/agents/edit-toml.ts';

const PATH = ['mcp_servers', 'warden'];
const HTTP = { url: 'https://warden.example/mcp' };
const STDIO = { command: '/home/u/.local/bin/warden', args: ['mcp', '--base-url', 'http://127.0.0.1:4321'] };

// Codex's config.toml as people keep it: comments, profiles, other servers as sections, inline tables, CRLF.
const FILES: Record<string, string> = {
  empty: '',
  'root keys only': 'model = "o3"\napproval_policy = "on-request"\n',
  'comments and another server':
    '# my settings\nmodel = "o3" # the model\n\n[mcp_servers.other]\n# a server of mine\ncommand = "npx"\nargs = ["-y", "other"]\n\n[profiles.fast]\nmodel = "o4-mini"\n',
  'an explicit [mcp_servers] table': '[mcp_servers]\nother = { command = "echo", args = ["hi"] }\n',
  CRLF: 'model = "o3"\r\n\r\n[mcp_servers.other]\r\ncommand = "x"\r\n',
  'an older entry of ours': '[mcp_servers.warden]\nurl = "https://old.example/mcp"\n\n[mcp_servers.other]\ncommand = "x"\n',
};

describe('setTomlMember: the entry in a TOML file', () => {
  it.each(Object.entries(FILES))('%s: sets either entry, keeps every other value, and a second run changes nothing', (_, text) => {
    for (const entry of [HTTP, STDIO]) {
      const out = setTomlMember(text, PATH, entry, 'config.toml');
      expect(getTomlMember(out, PATH, 'config.toml')).toEqual(entry);
      const before = parse(text) as { mcp_servers?: Record<string, unknown> };
      const after = parse(out) as { mcp_servers?: Record<string, unknown> };
      expect({ ...after, mcp_servers: { ...after.mcp_servers, warden: undefined } }).toEqual({
        ...before,
        mcp_servers: { ...before.mcp_servers, warden: undefined },
      });
      expect(setTomlMember(out, PATH, entry, 'config.toml')).toBe(out);
    }
  });

  // As for JSON: byte for byte where the servers' table was there; where install made it, an empty one stays.
  it.each(Object.entries(FILES).filter(([name]) => name !== 'an older entry of ours'))(
    '%s: every comment and line stays, and removing the entry gives the file back (with the table it made, empty)',
    (_, text) => {
      const out = setTomlMember(text, PATH, HTTP, 'config.toml');
      expect(out.split(/\r?\n/)).toEqual(expect.arrayContaining(text.split(/\r?\n/)));
      const back = setTomlMember(out, PATH, undefined, 'config.toml');
      if (text.includes('mcp_servers')) expect(back).toBe(text);
      else expect(parse(back)).toEqual({ ...parse(text), mcp_servers: {} });
    },
  );

  it('a new file gets the entry as a [mcp_servers.warden] section', () => {
    expect(setTomlMember('', PATH, HTTP, 'config.toml')).toContain('[mcp_servers.warden]\nurl = "https://warden.example/mcp"\n');
  });

  it('moving an entry from one transport to the other leaves no key of the old one', () => {
    const http = setTomlMember(FILES['comments and another server']!, PATH, HTTP, 'c.toml');
    expect(getTomlMember(setTomlMember(http, PATH, STDIO, 'c.toml'), PATH, 'c.toml')).toEqual(STDIO);
  });

  it('a file that does not parse is refused with its name and line; so is mcp_servers that is not a table', () => {
    expect(() => setTomlMember('model = "o3"\nname =\n', PATH, HTTP, '/h/.codex/config.toml')).toThrow(
      /^\/h\/\.codex\/config\.toml:2:\d+: .*left as it is/,
    );
    expect(() => setTomlMember('mcp_servers = 3\n', PATH, HTTP, 'c.toml')).toThrow(/"mcp_servers" is not a table/);
  });
});
