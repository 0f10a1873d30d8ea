import { describe, expect, it } from 'vitest';
import { toDocumentKind } from '../../../proxy/document-kind.ts';
import type { Answer } from '../../../proxy/plan/plan.ts';

const sent = (type: string, extra: Partial<Answer> = {}): Answer => ({
  status: 200,
  headers: { 'content-type': type },
  body: null,
  ...extra,
});
const html = sent('text/html; charset=utf-8');
const text = sent('text/plain; charset=utf-8');
const json = sent('application/json');

describe('the kind of document a request read', () => {
  it('is the route where the route says it, whatever was answered', () => {
    expect(toDocumentKind('search', '/api/search', sent('application/problem+json', { status: 400 }))).toBe('search');
    expect(toDocumentKind('mcp', '/mcp', undefined)).toBe('mcp');
    expect(toDocumentKind('mcp', '/.well-known/mcp', json)).toBe('mcp');
    expect(toDocumentKind('docs-mcp', '/mcp/docs', json)).toBe('mcp');
    expect(toDocumentKind('health', '/api/health', json)).toBe('other');
    expect(toDocumentKind('feedback', '/api/feedback', json)).toBe('other');
  });

  it('is a page or its twin by the variant negotiated, or by the file named', () => {
    expect(toDocumentKind('static', '/docs/overview', { ...html, variant: 'html' })).toBe('page');
    expect(toDocumentKind('static', '/docs/overview', { ...sent('text/markdown; charset=utf-8'), variant: 'markdown' })).toBe('twin');
    expect(toDocumentKind('static', '/docs/overview.md', sent('text/markdown; charset=utf-8'))).toBe('twin');
    expect(toDocumentKind('static', '/docs/no-twin', html)).toBe('page');
    expect(toDocumentKind('static', '/docs/overview.html', html)).toBe('page');
  });

  it('is llms, installer or well-known by the path', () => {
    for (const path of ['/llms.txt', '/llms-full.txt', '/llms-2.txt', '/llms-full-2.txt', '/docs/tools/llms.txt'])
      expect(toDocumentKind('static', path, text)).toBe('llms');
    for (const path of ['/install', '/install.ps1']) expect(toDocumentKind('static', path, text)).toBe('installer');
    for (const path of [
      '/openapi.json',
      '/mcp/tools.json',
      '/mcp/docs/server-card',
      '/mcp/docs/server.json',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-index.xml',
      '/sitemap-0.xml',
      '/sitemap.md',
      '/.well-known/api-catalog',
      '/.well-known/agent-skills/warden/SKILL.md',
    ])
      expect(toDocumentKind('static', path, json)).toBe('well-known');
    expect(toDocumentKind('api', '/api/catalog', json)).toBe('well-known');
  });

  it('is other when nothing was read (a 404, a redirect, a refused method) or the file is none of the above', () => {
    expect(toDocumentKind('static', '/docs/missing', { ...html, status: 404 })).toBe('other');
    expect(toDocumentKind('static', '/llms.txt', { ...text, status: 405 })).toBe('other');
    expect(toDocumentKind('static', '/docs/overview/', { status: 308, headers: {}, body: null })).toBe('other');
    expect(toDocumentKind('api', '/api/nope', sent('application/problem+json', { status: 404 }))).toBe('other');
    expect(toDocumentKind('static', '/_build.json', json)).toBe('other');
  });
});
