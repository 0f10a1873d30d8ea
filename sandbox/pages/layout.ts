/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The docs' look (Starlight's default palette, system fonts) inline: the pages of the authorization server load
// nothing from anywhere, so a sign-in works offline and tells no third party who signs in.
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#23262f;--muted:#545861;--card:#f6f6f6;--line:#d7d8db;--accent:#4c40e6;--accent-fg:#fff;--danger:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#17181c;--fg:#eceef2;--muted:#a8acb5;--card:#22252b;--line:#3b3f47;--accent:#a3b3ff;--accent-fg:#17181c;--danger:#ffb4ab}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{border-bottom:1px solid var(--line);padding:.75rem 1.25rem;font-weight:600}
main{max-width:34rem;margin:2.5rem auto;padding:0 1.25rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
p,ul{margin:0 0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:1.25rem;margin:0 0 1.25rem}
.muted{color:var(--muted);font-size:.9rem}
.error{color:var(--danger)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:var(--bg);border:1px solid var(--line);border-radius:.4rem;padding:.75rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button,.button{font:inherit;font-weight:600;border-radius:.4rem;padding:.55rem 1.1rem;cursor:pointer;border:1px solid var(--accent);text-decoration:none}
button.primary{background:var(--accent);color:var(--accent-fg)}
button.secondary{background:transparent;color:var(--fg);border-color:var(--line)}
input[type=text]{font:inherit;width:100%;padding:.55rem .7rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg);margin:0 0 1rem}
input[name=user_code]{text-transform:uppercase;letter-spacing:.1em}
dt{font-weight:600}dd{margin:0 0 .5rem}
`;

/** What one page of the sandbox shows: the product name in the header, a title, and trusted inner HTML. */
export interface PageParts {
  product: string;
  title: string;
  /** Inner HTML of <main>; every interpolated value in it must already be escaped. */
  body: string;
}

/** A whole HTML document in the docs' style, with no external resource of any kind. */
export function toHtmlPage({ product, title, body }: PageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · ${escapeHtml(product)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(product)}</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Security headers of every HTML page: nothing may load from elsewhere, and no page may be framed (clickjacking). */
export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  // No Referer leaves for another origin (the client's callback, say). Not no-referrer: under it a browser sends
  // `Origin: null` even on a form post to the page's own origin (Fetch, "append a request Origin header"), and the
  // dashboard refuses a post whose Origin is not its own.
  'referrer-policy': 'same-origin',
} as const;
