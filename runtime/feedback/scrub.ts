// What may not be kept from free text (a comment, a search question): e-mail addresses and what looks like a
// credential. The patterns err on the side of removing: a false positive costs a word of a comment, a miss keeps a
// secret.
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const TOKENS = [
  // A JWT or any JWS compact form: three base64url parts, the first a JSON header.
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  // An Authorization value written out.
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  // Keys with a known prefix: GitHub, Slack, OpenAI-style, AWS access key ids, Google API keys, private key blocks.
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,})/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  // Long runs that mix letters and digits the way secrets do (32+ characters of hex or base64).
  /\b(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{32,}={0,2}/g,
];

/** Free text with e-mail addresses and credential-like strings replaced by a marker saying what was removed. */
export function scrubText(text: string): string {
  let clean = text.replace(EMAIL, '[email removed]');
  for (const pattern of TOKENS) clean = clean.replace(pattern, '[secret removed]');
  return clean;
}
