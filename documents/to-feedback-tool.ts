import type { Content } from '../content-model/read-content.ts';
import type { JsonSchema } from '../content-model/schemas/json-schema.ts';
import type { WebMcpToolDefinition } from './to-webmcp-tools.ts';

/** The feedback tool (content/feedback/submit_feedback.yaml) with its input as the endpoint takes it: its named schema. */
export function toFeedbackTool({ feedbackTool, schemas }: Pick<Content, 'feedbackTool' | 'schemas'>): WebMcpToolDefinition {
  const { inputFromSchema, ...tool } = feedbackTool;
  return { ...tool, inputSchema: schemas[inputFromSchema]! };
}

/**
 * The feedback tool as a page offers it (WebMCP): the same input, but `page` may be left out, as the page sends the
 * one it is on; the agent names another page by its path or URL.
 */
export function toPageFeedbackTool(content: Pick<Content, 'feedbackTool' | 'schemas'>): WebMcpToolDefinition {
  const tool = toFeedbackTool(content);
  const {
    required = [],
    properties = {},
    ...schema
  } = tool.inputSchema as JsonSchema & {
    required?: string[];
    properties?: Record<string, JsonSchema>;
  };
  const page = properties.page ?? {};
  return {
    ...tool,
    inputSchema: {
      ...schema,
      required: required.filter((name) => name !== 'page'),
      properties: {
        ...properties,
        page: { ...page, description: `${page.description ?? ''} Left out, the page open in the browser.`.trim() },
      },
    },
  };
}
