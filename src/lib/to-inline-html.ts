const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders the inline markdown that content descriptions use (`code` and [text](url)) as safe HTML,
 * so generated pages show what OpenAPI and tool descriptions mean by their backticks.
 */
export function toInlineHtml(markdown: string): string {
  return escape(markdown.replace(/\s+/g, ' ').trim())
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}
