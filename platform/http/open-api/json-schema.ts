import { z } from "zod";

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod 3 field schema, for the OpenAPI document (decision 110). Only
 * what the form field schemas use: objects, strings with their length and pattern, numbers, booleans, enums,
 * literals, unions, intersections, arrays, optional/default/nullable wrappers, and effects (preprocess, refine,
 * transform), which describe their input schema: what a client sends. zod 3.25's `zod/v4` toJSONSchema does not take
 * v3 schemas, and the contract's schemas are v3.
 */
export type JsonSchema = { [key: string]: unknown };

export function toJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind; description?: string } & Record<string, unknown>;
  const described = (s: JsonSchema) => (schema.description ? { ...s, description: schema.description } : s);
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      const required = Object.entries(shape)
        .filter(([, field]) => !field.isOptional())
        .map(([name]) => name);
      return described({
        type: "object",
        properties: Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, toJsonSchema(field)])),
        ...(required.length > 0 && { required }),
      });
    }
    case z.ZodFirstPartyTypeKind.ZodString: {
      const out: JsonSchema = { type: "string" };
      for (const check of (schema as z.ZodString)._def.checks) {
        if (check.kind === "min") out.minLength = check.value;
        if (check.kind === "max") out.maxLength = check.value;
        if (check.kind === "regex") out.pattern = check.regex.source;
      }
      return described(out);
    }
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return described({ type: "number" });
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return described({ type: "boolean" });
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return described({ type: "string", enum: [...(schema as z.ZodEnum<[string, ...string[]]>).options] });
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return described({ const: (schema as z.ZodLiteral<unknown>).value });
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return described({ anyOf: (schema as z.ZodUnion<[z.ZodTypeAny]>).options.map(toJsonSchema) });
    case z.ZodFirstPartyTypeKind.ZodIntersection: {
      const { left, right } = (schema as z.ZodIntersection<z.ZodTypeAny, z.ZodTypeAny>)._def;
      return described({ allOf: [toJsonSchema(left), toJsonSchema(right)] });
    }
    case z.ZodFirstPartyTypeKind.ZodArray:
      return described({ type: "array", items: toJsonSchema((schema as z.ZodArray<z.ZodTypeAny>).element) });
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return toJsonSchema((schema as z.ZodOptional<z.ZodTypeAny>).unwrap());
    case z.ZodFirstPartyTypeKind.ZodDefault: {
      const inner = (schema as z.ZodDefault<z.ZodTypeAny>)._def;
      return { ...toJsonSchema(inner.innerType), default: inner.defaultValue() };
    }
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return toJsonSchema((schema as z.ZodEffects<z.ZodTypeAny>).innerType());
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return toJsonSchema((schema as z.ZodPipeline<z.ZodTypeAny, z.ZodTypeAny>)._def.in);
    default:
      return described({});
  }
}
