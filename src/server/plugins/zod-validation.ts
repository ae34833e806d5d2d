import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawServerDefault,
} from "fastify";
import type * as z from "zod/mini";
import { firstMessage } from "../../shared/registration-schema";

type ZodSchema = z.ZodMiniType;

/** Handlers see the output types of the zod schemas their route declares. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends ZodSchema ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends ZodSchema ? z.input<this["schema"]> : unknown;
}

/** A route file: a plugin whose handlers take their types from the route schemas. */
export type RoutePlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

export const INVALID_REQUEST = "Requisição inválida.";

/**
 * Routes declare zod schemas (the same objects the client uses) for body,
 * querystring and params; the first pt-BR message of a failed parse becomes
 * the 400 answer. Response schemas document the shape; output is plain JSON.
 */
export function setZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as ZodSchema;
    return (data: unknown) => {
      // Schemas carry pt-BR messages for what a form can get wrong; zod's English defaults
      // (a null body, a repeated query key) become this one instead.
      const result = zodSchema.safeParse(data, { error: () => INVALID_REQUEST });
      if (result.success) return { value: result.data };
      return { error: new Error(firstMessage(result.error)) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
