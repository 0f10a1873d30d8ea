/** Text as HTML element content: `&`, `<` and `>` as their character references. */
export const escapeHtmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text as HTML element content or a double-quoted attribute value: `"` escaped too. */
export const escapeHtml = (text: string): string => escapeHtmlText(text).replace(/"/g, '&quot;');
