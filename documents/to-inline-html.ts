import { escapeHtml } from './escape-html.ts';

/**
 * Renders the inline markdown that content descriptions use (`code` and [text](url)) as safe HTML,
 * so generated pages show what OpenAPI and tool descriptions mean by their backticks.
 */
export function toInlineHtml(markdown: string): string {
  return escapeHtml(markdown.replace(/\s+/g, ' ').trim())
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}
