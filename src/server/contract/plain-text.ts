/**
 * The one text rule of every request (docs/api-conventions.md, "Text"): every string the contract
 * validates — each field of a JSON body, at any depth, of both contracts, and a WebSocket request's
 * body — refuses the control characters C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F), and
 * unpaired UTF-16 surrogates (JSON's `\ud800` escapes: not text, and UTF-8 cannot carry them; the
 * database would store U+FFFD, or refuse U+0000 outright). Two marks on a string's schema in the
 * contract change that:
 * - `x-multiline: true` — text that may span lines (rich text, a question's text): tab, line feed and
 *   carriage return are accepted there, every other control character is not;
 * - `x-text-rule: domain` — a domain rule (file names and paths, the nickname) checks the field's
 *   characters itself with a sentence of its own; the rule here leaves it alone.
 * A refused string is a 422 under its field (`options.1.text`) like any other contract error, beside
 * the other fields' errors (a required field missing elsewhere is reported too).
 *
 * The validator compiler adds the keyword below to every schema of a request; the contract itself
 * never names it.
 */
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';

/** The keyword every request schema is given; its error's `params.problem` says what was found. */
export const PLAIN_TEXT_KEYWORD = 'x-plain-text';

/** How a string under a schema is checked: one line, several lines, or by the field's domain rule. */
export type TextMode = 'line' | 'multiline' | 'domain';

/** What a string may not hold: control characters, or half of a surrogate pair. */
export type TextProblem = 'controlCharacters' | 'invalidCharacters';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above, less tab (09), line feed (0A) and carriage return (0D)
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** With the u flag, a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The problem of one string under the given mode, or null. */
export function textProblem(value: string, mode: TextMode): TextProblem | null {
  if (mode === 'domain') return null;
  if ((mode === 'multiline' ? CONTROL_MULTILINE : CONTROL_LINE).test(value)) return 'controlCharacters';
  if (LONE_SURROGATE.test(value)) return 'invalidCharacters';
  return null;
}

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = ['additionalProperties', 'items', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'not', 'if', 'then', 'else'];
/** Keywords whose value is a list of subschemas; the first three leave the mark of their parent in force. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const COMPOSITION = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

function modeOf(schema: Record<string, unknown>, inherited: TextMode): TextMode {
  if (schema['x-text-rule'] === 'domain') return 'domain';
  if (schema['x-multiline'] === true) return 'multiline';
  return inherited;
}

/**
 * Gives `schema` and each of its subschemas the keyword, in place: every schema, whatever its type
 * says, since the keyword looks only at strings (a schema without a type, or a branch of a oneOf,
 * still has its strings checked). A subschema of a composition (allOf, oneOf…) keeps its parent's
 * mark; a property or an item starts over from one line.
 */
export function markSchema(schema: unknown, inherited: TextMode = 'line'): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  const mode = modeOf(node, inherited);
  node[PLAIN_TEXT_KEYWORD] = mode;
  for (const key of ONE_SCHEMA) if (key in node) markSchema(node[key], COMPOSITION.has(key) ? mode : 'line');
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) markSchema(item, COMPOSITION.has(key) ? mode : 'line');
  }
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) for (const item of Object.values(map)) markSchema(item);
  }
}

/**
 * Marks every schema of an OpenAPI document, in place: the components' schemas and every `schema`
 * of a request body, a parameter or a media type (responses' too: never validated with this keyword's
 * Ajv, they are harmless).
 */
export function markDocument(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) markDocument(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') markSchema(value);
    else if (key === 'schemas' && value && typeof value === 'object') for (const schema of Object.values(value)) markSchema(schema);
    else markDocument(value);
  }
}

/**
 * Teaches an Ajv the keyword: a string breaking the rule gives one error, `params.problem` naming
 * why and `params.mode` the field's mark (plugins/errors.ts words the message from both).
 */
export function addPlainTextKeyword(ajv: Ajv2020): void {
  ajv.addKeyword({
    keyword: PLAIN_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: function check(mode: TextMode, data: string): boolean {
      const problem = textProblem(data, mode);
      (check as { errors?: Partial<ErrorObject>[] }).errors = problem ? [{ keyword: PLAIN_TEXT_KEYWORD, params: { problem, mode }, message: problem }] : [];
      return problem === null;
    },
  });
}
