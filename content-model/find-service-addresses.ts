/** One hard-coded service address in a text: where it is and what it says. */
export interface AddressFinding {
  line: number;
  address: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher for the service's own addresses: every host (with its port) of `urls`, and any name under the
 * `domains` (`warden.example` also covers `releases.warden.example`). A loopback address counts only with the
 * port of a service, so a client's loopback redirect (`http://127.0.0.1/callback`, RFC 8252 §7.3) is not one.
 */
export function toServiceAddressPattern(urls: readonly string[], domains: readonly string[]): RegExp {
  const hosts = [...new Set(urls.map((u) => new URL(u).host))];
  const parts = [
    ...domains.map((d) => `(?:[a-z0-9-]+\\.)*${escapeRegExp(d)}(?::\\d+)?`),
    ...hosts.map((h) => `${escapeRegExp(h)}${h.includes(':') ? '(?!\\d)' : ''}`),
  ];
  // Not part of a longer name: `notwarden.example` and `warden.examples` are other hosts.
  return new RegExp(`(?<![\\w.-])(?:https?://)?(?:${parts.join('|')})(?![\\w-]|\\.[a-z])`, 'gi');
}

/** Every service address written out in `text` (a page source or a content file), with its line. */
export function findServiceAddresses(text: string, pattern: RegExp): AddressFinding[] {
  const found: AddressFinding[] = [];
  for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
    found.push({ line: text.slice(0, match.index).split('\n').length, address: match[0] });
  }
  return found;
}
