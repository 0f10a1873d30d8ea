/**
 * The labels traffic is counted by (content/schemas/FeedbackTraffic.yaml names the same values; a unit test holds
 * them equal): who reads, by category, and what they read, by kind of document.
 */

/**
 * A reader's category, in the order a user agent that matches entries of several is given the first: an assistant
 * fetching for a person now, an AI answer engine's index, an AI crawler collecting for training or datasets, a search
 * engine, a browser, anything else (tools, libraries, monitors, no user agent).
 */
export const READER_CATEGORIES = ['ai-assistant', 'ai-search', 'ai-crawler', 'search-engine', 'browser', 'other'] as const;

/** A reader's category. */
export type ReaderCategory = (typeof READER_CATEGORIES)[number];

/** The kinds of document a request reads. */
export const DOCUMENT_KINDS = ['page', 'twin', 'llms', 'search', 'mcp', 'installer', 'well-known', 'other'] as const;

/** A kind of document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * What a family name may hold: it is a Prometheus label value and an access log field, written without escaping
 * (exposition format 0.0.4 escapes only backslash, quote and newline, none of which it allows).
 */
export const FAMILY_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._!-]*$/;
