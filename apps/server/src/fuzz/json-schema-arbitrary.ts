import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the contracts' zod 4 schemas (issue #8 "Keep it fixed"). There is no
 * maintained zod-4 → fast-check library (zod-fast-check supports zod 3 only), so the schema goes through
 * zod's own `z.toJSONSchema` (input side: what a client sends) and this walker turns the JSON Schema into
 * an arbitrary of values that mostly pass the schema's structure (types, enums, bounds, patterns);
 * refinements (title rules, JSON documents) are not modelled, the hostile generators cover the rest.
 */

type JsonSchema = { [key: string]: unknown };

/** Keys that only annotate a JSON Schema and do not constrain the value. */
const ANNOTATIONS = new Set(['$schema', 'default', 'description', 'title', 'examples', 'format', 'id']);

/** Longest generated string and array: long values are the hostile generators' job. */
const MAX_LEN = 40;

/** Thrown when a schema uses a construct the walker does not know: the fuzz test fails by construction. */
export class UnsupportedSchemaError extends Error {}

/**
 * An arbitrary for a JSON Schema produced by `z.toJSONSchema` (draft 2020-12 subset: type, const, enum,
 * anyOf/oneOf, properties/required/additionalProperties, items, minimum/maximum, minLength/maxLength,
 * pattern, minItems/maxItems).
 * @throws UnsupportedSchemaError for anything else
 */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return arbitraryFromJsonSchema(schema.allOf[0] as JsonSchema);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryFromJsonSchema({ ...schema, type })));
  }
  const num = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined);
  switch (schema.type) {
    case 'string': {
      const maxLength = Math.min(num('maxLength') ?? MAX_LEN, MAX_LEN);
      const minLength = Math.min(num('minLength') ?? 0, maxLength);
      const free = fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }),
      );
      if (typeof schema.pattern !== 'string') return free;
      try {
        return fc.oneof({ weight: 4, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) }, free);
      } catch {
        // fast-check cannot generate for some regex features (lookahead): free text, still refused cleanly
        return free;
      }
    }
    case 'integer': {
      const min = Math.max(num('minimum') ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
      const max = Math.min(num('maximum') ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
      // small values hit rows that exist; the bounds hit the edges
      return fc.oneof(
        fc.integer({ min, max: Math.max(min, Math.min(max, min + 60)) }),
        fc.constantFrom(min, max),
        fc.integer({ min, max }),
      );
    }
    case 'number':
      return fc.double({ min: num('minimum'), max: num('maximum'), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const maxLength = Math.min(num('maxItems') ?? 5, 5);
      return fc.array(arbitraryFromJsonSchema(items), {
        minLength: Math.min(num('minItems') ?? 0, maxLength),
        maxLength,
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = arbitraryFromJsonSchema(value);
      return fc.record(model, { requiredKeys: required });
    }
    case undefined:
      // `{}`: anything (z.unknown(), passthrough members)
      if (Object.keys(schema).every((key) => ANNOTATIONS.has(key))) return fc.jsonValue({ maxDepth: 3 });
      break;
    default:
      break;
  }
  throw new UnsupportedSchemaError(`fuzz: no generator for the JSON Schema ${JSON.stringify(schema)}`);
}

/**
 * An arbitrary of inputs of a zod schema (its `z.input` side) through `z.toJSONSchema`.
 * @throws UnsupportedSchemaError when the schema holds a construct neither zod nor the walker can express
 */
export function arbitraryFromZod(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
  return arbitraryFromJsonSchema(json);
}

/** The top-level property names of a zod object schema (for field-wise mutation); [] for anything else. */
export function topLevelKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.keys(json.properties ?? {});
}
