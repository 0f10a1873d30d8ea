import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CredentialFile } from '../../../cli/core/credential-file.ts';

/** The credentials file under a config folder, parsed (undefined when there is none). */
export function readCredentials(configDir: string): CredentialFile | undefined {
  const file = join(configDir, 'credentials.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CredentialFile) : undefined;
}

/** Every secret value in a credentials file: none of them may ever appear in output. */
export function listSecrets(file: CredentialFile | undefined): string[] {
  return Object.values(file?.issuers ?? {})
    .flatMap((e) => [e.workload?.client_secret, e.login?.refresh_token, ...Object.values(e.tokens).map((t) => t.access_token)])
    .filter((s): s is string => Boolean(s));
}
