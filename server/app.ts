/** The app factory: one Fastify instance serving the API under /api and the built web app. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { tr } from '../common/tr';
import { installTurkishZodMessages } from '../common/zodTr';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandling } from './http/errors';
import { levelApi } from './http/levelApi';
import { brandingFiles } from './areas/branding/routes';

export interface AppOptions {
  database: Database;
  config: Config;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** A POST with a JSON content type and no body (logout) is a call without a payload, not an error. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

export async function buildApp({ database, config, webRoot, logger = false }: AppOptions) {
  installTurkishZodMessages();
  const app = Fastify({ logger, trustProxy: config.trustProxy, bodyLimit: 1_048_576 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  acceptEmptyJsonBodies(app);
  app.decorate('db', database.db);
  app.decorate('config', config);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Yıllık Paneli API', version: '1.0.0', description: 'Every call: /api/{level}/{path}, Bearer token.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/health', { schema: { hide: true } }, async () => ({ success: true, database: database.kind }));
  await app.register(async (files) => brandingFiles(files as never), { prefix: '/api/files' });
  await app.register(levelApi, { prefix: '/api/:level' });

  const indexHtml = webRoot ? path.join(webRoot, 'index.html') : undefined;
  if (webRoot && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || !indexHtml || request.method !== 'GET') {
      return reply.code(404).send({ success: false, message: tr.notFound });
    }
    // Client routes: every other GET serves the app, so reloading a deep route works.
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
  return app;
}
