/**
 * How answers are written: by a serialiser compiled from the route's answer schema
 * (fast-json-stringify, from the zod schema's JSON Schema), not by checking the answer against its
 * zod schema and then `JSON.stringify`. Checking every answer cost the hot calls a sixth of their
 * time; the compiled serialiser writes the same bytes for a fraction of it. With `checkAnswers`
 * (tests and development) each answer is also checked against its zod schema and written the old
 * way, and a difference in what they say is an error: the API tests hold the two to the same answer.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`, which fast-json-stringify answers by
 * trying each branch in turn at run time; as `type: [T's type, 'null']` it is one compiled test.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema))
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(value as JsonSchema) : simplified(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    const hasNull = anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    if (hasNull && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other) && !('const' in other) && !('enum' in other))
      return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

const mapValues = (properties: JsonSchema) => Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, simplified(value)]));

/** The compiled serialiser of a zod schema, or null when its JSON Schema cannot be written or compiled. */
function compiled(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
    delete json.$schema;
    return fastJson(simplified(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

export function answerSerializer(options: { checkAnswers: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled on the route's first answer, not at start: most routes are never called by a given process.
    let write: ((data: unknown) => string) | null | undefined;
    const checked = (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    /** The compiled serialiser's answer; one it cannot write (a shape its schema does not foresee) is written the checked way. */
    const fast = (data: unknown) => {
      if (write === undefined) write = compiled(schema);
      if (!write) return null;
      try {
        return write(data);
      } catch {
        return null;
      }
    };
    return (data) => {
      if (!options.checkAnswers) return fast(data) ?? checked(data);
      const expected = checked(data);
      const written = fast(data) ?? expected;
      // The same answer, key order aside: the compiled serialiser writes keys in the schema's order.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(`${method} ${url}: the compiled serialiser wrote ${written.slice(0, 400)}, the schema's answer is ${expected.slice(0, 400)}`);
      return written;
    };
  };
}
