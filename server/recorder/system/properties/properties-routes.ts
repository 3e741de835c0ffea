/**
 * GET/PUT /service/server/properties, GET /service/server/properties/info,
 * GET/POST /service/server/properties/confirmed (spec 7; administrators:
 * 'server-settings'). A PUT checks the spec 5 rules and the values as the
 * next start would read them (400 with the reason), writes the file keeping
 * the previous one as the pending rollback, answers 202 and then asks for the
 * controlled restart, once the answer has gone out.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  SavePropertiesBody,
  type PropertiesConfirmation,
  type PropertiesSaveResult,
  type ServerPropertiesInfo,
  type ServerPropertiesList,
} from '../../../shared/api/properties';
import { propertyDefinition, propertyListProblem } from '../../../shared/properties';
import { badRequest } from '../../../common/api-error';
import type { RecorderConfig } from '../../core/config';
import type { ControlledRestart } from './controlled-restart';
import { propertiesFile, readPropertiesFile, saveProperties } from './properties-file';
import { configProblem, currentValue, propertyList } from './property-config';

export async function propertiesRoutes(fastify: FastifyInstance, deps: { config: RecorderConfig; restart: ControlledRestart }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, restart } = deps;
  const access = { access: 'server-settings' } as const;

  app.get('/service/server/properties', { config: access }, async (): Promise<ServerPropertiesList> => ({
    properties: propertyList(config, readPropertiesFile(config.dataDir)),
  }));

  app.get('/service/server/properties/info', { config: access }, async (): Promise<ServerPropertiesInfo> => ({
    file: propertiesFile(config.dataDir),
    confirmSeconds: config.propertiesConfirmSeconds,
  }));

  app.put('/service/server/properties', { config: access, schema: { body: SavePropertiesBody } }, async (request, reply): Promise<PropertiesSaveResult> => {
    const sent = request.body.properties.map((p) => ({ name: p.name.trim(), value: p.value.trim() }));
    const problem = propertyListProblem(sent, (name) => currentValue(config, name));
    if (problem) throw badRequest(problem, 'invalid-property');
    // Locked entries are sent back unchanged (spec 2) and are not the file's to hold.
    const stored = sent.filter((p) => !propertyDefinition(p.name)?.locked);
    const invalid = configProblem(config, stored);
    if (invalid) throw badRequest(invalid, 'invalid-property');
    saveProperties(config.dataDir, stored, Date.now());
    request.log.info({ names: stored.map((p) => p.name) }, 'properties saved; restarting');
    reply.status(202);
    // After the answer is flushed: the restart closes the HTTP server.
    reply.raw.once('finish', () => restart.request('properties saved'));
    return { restarting: true };
  });

  app.get('/service/server/properties/confirmed', { config: access }, async (): Promise<PropertiesConfirmation> => restart.confirmation());

  app.post('/service/server/properties/confirmed', { config: access }, async (request): Promise<PropertiesConfirmation> => {
    restart.confirm();
    request.log.info('property change confirmed');
    return restart.confirmation();
  });
}
