/**
 * GET and PUT /service/server/log-level (spec 2 Advanced settings): the
 * recorder's log level by the spec's names. Administrators only (spec 6:
 * advanced settings). A PUT applies at once and is stored, so the level
 * survives a restart (system/log-level-setting.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LogLevelBody, type LogLevelSetting } from '../../shared/api/log-level';
import type { LogLevelSettingStore } from './log-level-setting';

export async function logLevelRoutes(fastify: FastifyInstance, deps: { logLevel: LogLevelSettingStore }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/service/server/log-level', { config: { access: 'server-settings' } }, async (): Promise<LogLevelSetting> => ({
    level: deps.logLevel.current,
  }));
  app.put(
    '/service/server/log-level',
    { config: { access: 'server-settings' }, schema: { body: LogLevelBody } },
    async (request): Promise<LogLevelSetting> => {
      deps.logLevel.set(request.body.level);
      request.log.info(`log level set to ${request.body.level}`);
      return { level: deps.logLevel.current };
    },
  );
}
