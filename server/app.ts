/** The app factory: one Fastify instance serving the API under /api and the built web app. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { tr } from '../common/tr';
import { installTurkishZodMessages } from '../common/zodTr';
import type { Config } from './config';
import { createSessionCache } from './auth/sessionCache';
import type { Database } from './db/client';
import { bindPhotoUrlsToSessions, urlSigner } from './storage/signedUrl';
import { diskStorage, type Storage } from './storage/store';
import { answerClientError, installErrorHandling, refuseTunnels } from './http/errors';
import { refuseUnreadableText } from './http/input';
import { logOneLinePerRequest, requestIds } from './http/requestLog';
import { healthRoutes } from './http/health';
import { installMetrics } from './http/metrics';
import { countedStorage } from './storage/counted';
import { answerSerializer } from './http/serializer';
import { installSecurityHeaders } from './http/securityHeaders';
import { levelApi } from './http/levelApi';
import { portalApi } from './http/portalApi';
import { findParentCaller, findStudentCaller } from './auth/studentSessions';
import { brandingFiles } from './areas/branding/routes';
import { installJobs, type JobOptions } from './jobs/app';
import { jobHandlers, parentRoutes, recurringJobs, staffRoutes, studentRoutes } from './areas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface AppOptions {
  database: Database;
  config: Config;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The file stores; the data folder's disk stores unless told. */
  storage?: Storage;
  /**
   * Run the background jobs (yearbook PDFs) in this process, on unless told (tests that need no
   * runner); the recurring jobs (sending due notifications) only when asked (the server process).
   */
  jobs?: JobOptions;
  /** Told of every route as it is registered (the fuzz suite reaches each one this way). */
  onRoute?: (route: RouteOptions) => void;
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

export async function buildApp({
  database,
  config,
  webRoot,
  logger = false,
  storage: givenStorage = diskStorage(config.dataDir),
  jobs = { run: true },
  onRoute,
}: AppOptions) {
  installTurkishZodMessages();
  const app = Fastify({
    logger,
    // Fastify's two lines per request give way to our one (http/requestLog.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs },
    // Errors Fastify meets before any route runs (a malformed URL, a path segment too long):
    // refused in the app's shape, in Turkish, like every other bad input.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ success: false, message: tr.validation.badAddress });
    },
    clientErrorHandler: answerClientError,
    ...requestIds,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  refuseTunnels(app);
  logOneLinePerRequest(app);
  const metrics = installMetrics(app, config.metricsToken, database);
  app.decorate('metrics', metrics);
  const storage = metrics ? countedStorage(givenStorage, metrics.storeFailed) : givenStorage;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config));
  installErrorHandling(app);
  refuseUnreadableText(app);
  acceptEmptyJsonBodies(app);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('photoUrls', urlSigner(config.fileUrlSecret, config.fileUrlTtlMinutes));
  const sessionCache = await createSessionCache(database, config.sessionCacheSeconds);
  app.decorate('sessions', sessionCache);
  app.addHook('onClose', () => sessionCache.close());
  bindPhotoUrlsToSessions(app, database.db);
  installJobs(app, jobs, { handlers: jobHandlers, recurring: recurringJobs });
  await installSecurityHeaders(app);
  // JSON above 1 kB travels compressed; the web app's assets were compressed at build time.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) costs more CPU per answer than it saves in bytes for small JSON.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Yıllık Paneli API', version: '1.0.0', description: 'Every call: /api/{level}/{path}, Bearer token.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page's own inline scripts are allowed by their hashes, nothing else.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  healthRoutes(app, database, storage);
  await app.register(async (files) => brandingFiles(files.withTypeProvider<ZodTypeProvider>()), { prefix: '/api/files' });
  await app.register(levelApi, { prefix: '/api/:level', routes: staffRoutes });
  // The static prefixes win over /api/:level for the student and parent routes; any other path there is 404.
  await app.register(portalApi, { prefix: '/api/student', routes: studentRoutes, findCaller: findStudentCaller });
  await app.register(portalApi, { prefix: '/api/veli', routes: parentRoutes, findCaller: findParentCaller });

  const indexHtml = webRoot ? path.join(webRoot, 'index.html') : undefined;
  if (webRoot && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The .br and .gz written by the build, chosen by the request's Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; index.html must always be asked for again.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  // The sign-in pages drawn at build time (scripts/build.mjs): prerendered/<path>.html for <path>.
  const prerendered = new Set(
    webRoot && fs.existsSync(path.join(webRoot, 'prerendered'))
      ? fs
          .readdirSync(path.join(webRoot, 'prerendered'), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.html'))
          .map((file) => `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`)
      : [],
  );
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !indexHtml || !readsPage) {
      return reply.code(404).send({ success: false, message: tr.notFound });
    }
    const pagePath = url.split('?')[0]!;
    if (prerendered.has(pagePath)) return reply.sendFile(`prerendered${pagePath}.html`);
    // Client routes: every other GET (and HEAD) serves the app, so reloading a deep route works.
    return reply.sendFile('index.html');
  });
  return app;
}
