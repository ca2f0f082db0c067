/**
 * Builds the smallest request body that a contract schema accepts (required fields only, each at its
 * lower bound), so tests can reach an operation's handler without hand-writing every body.
 */
type Schema = Record<string, any>;

export function sampleFromSchema(schema: Schema | undefined, root: Schema): unknown {
  if (!schema) return {};
  if (schema.$ref) {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Schema, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return sampleFromSchema(target, root);
  }
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum.find((value: unknown) => value !== null) ?? schema.enum[0];
  if (schema.allOf) {
    const parts = schema.allOf.map((part: Schema) => sampleFromSchema(part, root));
    return Object.assign({}, ...parts.filter((part: unknown) => part && typeof part === 'object'));
  }
  if (schema.oneOf || schema.anyOf) return sampleFromSchema((schema.oneOf ?? schema.anyOf)[0], root);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (!schema.properties && type === undefined) return {};
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? []) result[name] = sampleFromSchema(schema.properties?.[name], root);
      return result;
    }
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sampleFromSchema(schema.items, root));
    }
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.pattern === '^[0-9]{6}$') return '123456';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}
