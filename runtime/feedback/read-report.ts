import { Validator, type Schema } from '@cfworker/json-schema';

/** A report's kind of problem, source door and status, as the schemas in content/schemas name them. */
export type FeedbackSource = 'page' | 'agent' | 'webmcp' | 'mcp';

/** A report as validated against content/schemas/FeedbackReport.yaml: the fields the store keeps, before cleaning. */
export interface FeedbackReport {
  page: string;
  helpful: boolean | null;
  comment: string | null;
  kind: string | null;
  section: string | null;
  agent: string | null;
  /** Members the schema does not name: ignored, and named back in the receipt. */
  unknownFields: string[];
}

/** The problem codes of a report that cannot be read (content/errors.yaml). */
export type FeedbackInputCode =
  | 'feedback_body_invalid'
  | 'feedback_field_invalid'
  | 'feedback_page_missing'
  | 'feedback_content_missing'
  | 'feedback_page_unknown';

/** Why a report was refused: a stable problem code (content/errors.yaml), the field at fault, and a sentence. */
export class FeedbackInputError extends Error {
  override name = 'FeedbackInputError';
  readonly code: FeedbackInputCode;
  readonly detail: string;
  readonly field: string | undefined;
  constructor(code: FeedbackInputCode, detail: string, field?: string) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.field = field;
  }
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A sentence for one failed keyword, for the field it names. */
function toProblemText(keyword: string, schema: JsonObject | undefined, message: string): string {
  if (keyword === 'maxLength') return `must be at most ${schema?.maxLength} characters`;
  if (keyword === 'minLength') return 'must not be empty';
  if (keyword === 'enum') return `must be one of ${((schema?.enum as unknown[] | undefined) ?? []).join(', ')}`;
  if (keyword === 'pattern') return 'must be a heading fragment, without # or spaces';
  if (keyword === 'type') return `must be a ${String(schema?.type)}`;
  return message.replace(/\.$/, '');
}

/**
 * Reads one report against the FeedbackReport schema (JSON Schema 2020-12, checked by @cfworker/json-schema, which
 * needs no code generation and so runs in the worker too): the first fault becomes a FeedbackInputError with its own
 * code and the field it is about.
 */
export function createReportReader(schema: Schema): (value: unknown) => FeedbackReport {
  const validator = new Validator(schema, '2020-12', false);
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  return (value) => {
    if (!isObject(value)) throw new FeedbackInputError('feedback_body_invalid', 'The body must be one JSON object.');
    if (value.page === undefined)
      throw new FeedbackInputError('feedback_page_missing', 'page: the page the report is about is missing.', 'page');
    const { errors } = validator.validate(value);
    const fault = errors.find((e) => e.instanceLocation.startsWith('#/') && e.keyword !== 'properties');
    if (fault) {
      const field = fault.instanceLocation.slice(2).split('/')[0]!;
      const text = toProblemText(fault.keyword, properties[field], fault.error);
      throw new FeedbackInputError('feedback_field_invalid', `${field}: ${text}.`, field);
    }
    if (errors.length > 0) throw new FeedbackInputError('feedback_content_missing', 'Send helpful (true or false), comment, or both.');
    const text = (name: string) => (typeof value[name] === 'string' ? (value[name] as string) : null);
    return {
      page: value.page as string,
      helpful: typeof value.helpful === 'boolean' ? value.helpful : null,
      comment: text('comment'),
      kind: text('kind'),
      section: text('section'),
      agent: text('agent'),
      unknownFields: Object.keys(value).filter((name) => !(name in properties)),
    };
  };
}
