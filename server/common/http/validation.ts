/**
 * Request validation. Bodies are checked strictly: no type coercion and no
 * silent removal of unknown fields, so `{"password": 1234}` or a misspelt
 * field is a 400 with a reason rather than something quietly different.
 * Query strings and params arrive as text, so those are coerced to the
 * schema's types.
 */
import Ajv, { type Options } from 'ajv';
import type { FastifyInstance } from 'fastify';

const common: Options = { allErrors: false, useDefaults: true, strict: false };

export function installValidators(app: FastifyInstance): void {
  const strictAjv = new Ajv({ ...common, coerceTypes: false, removeAdditional: false });
  const textAjv = new Ajv({ ...common, coerceTypes: 'array', removeAdditional: false });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strictAjv.compile(schema) : textAjv.compile(schema),
  );
}
