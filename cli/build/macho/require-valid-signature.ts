import { readFileSync, writeFileSync } from 'node:fs';
import { signAdHoc } from './sign-adhoc.ts';
import { verifyCodeSignature } from './verify-code-signature.ts';

/**
 * Makes sure the macOS binary at `file` carries an ad-hoc code signature that matches its final bytes, page by
 * page, as the kernel checks it on Apple silicon; signs it again when the compiler's does not. Returns whether
 * it was signed again; throws when even the new signature does not verify.
 */
export function requireValidSignature(file: string): boolean {
  const bytes = readFileSync(file);
  if (verifyCodeSignature(bytes).ok) return false;
  const signed = signAdHoc(bytes);
  const check = verifyCodeSignature(signed);
  if (!check.ok) throw new Error(`${file}: the code signature is still invalid after signing again: ${check.problems.join('; ')}`);
  writeFileSync(file, signed);
  return true;
}
