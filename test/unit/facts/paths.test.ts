import { describe, expect, it } from 'vitest';
import { toPublicPath } from '../../../facts/paths.ts';

describe('toPublicPath', () => {
  it('drops the .html of a built page and keeps fragments, queries and full URLs', () => {
    expect(
      ['/index.html', '/docs/cli.html', '/docs/cli.html#options', 'https://warden.example/index.html', '/docs/cli', '/llms.txt'].map(
        toPublicPath,
      ),
    ).toEqual(['/', '/docs/cli', '/docs/cli#options', 'https://warden.example/', '/docs/cli', '/llms.txt']);
  });
});
