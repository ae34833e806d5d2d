import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";
import { firstMessage } from "../../shared/registration-schema";

type ZodSchema = z.ZodMiniType;

/**
 * Routes declare zod schemas (the same objects the client uses) for body,
 * querystring and params; the first pt-BR message of a failed parse becomes
 * the 400 answer. Response schemas document the shape; output is plain JSON.
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as ZodSchema;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      if (result.success) return { value: result.data };
      return { error: new Error(firstMessage(result.error)) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
