import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../../libs/config/app-config.js';
import { ApiExceptionFilter } from '../../libs/shared/http/api-exception.filter.js';
import { createValidationPipe } from '../../libs/shared/http/validation.pipe.js';
import { noStore } from '../../libs/shared/http/no-store.js';
import { jsonBody, onlyJsonOrFormBodies, UnacceptableJsonError } from '../../libs/shared/http/json-body.js';
import { RequestsInFlight } from '../../libs/shared/http/requests-in-flight.js';
import { httpObservability, requestContext } from '../../libs/shared/observability/http-observability.js';
import { markRefusedBody } from '../../libs/shared/observability/route-of.js';
import { AppLogger, createLogger } from '../../libs/shared/observability/logging.js';
import { Metrics } from '../../libs/shared/observability/metrics.js';
import { PostgresIoAdapter } from '../../libs/connections/realtime/postgres-io-adapter.js';
import { GatewayModule } from './gateway.module.js';

const JSON_BODY_LIMIT = '100kb';
// From source (tests) this file is two levels below the repo root; compiled, it is three (dist/apps/gateway).
export const WEB_DIST =
  [resolve(import.meta.dirname, '../../web/dist'), resolve(import.meta.dirname, '../../../web/dist')].find(
    (dir) => existsSync(join(dir, 'index.html')),
  ) ?? resolve(import.meta.dirname, '../../../web/dist');

/**
 * Builds the gateway with its HTTP policies; main.ts and the end-to-end tests share it. `logStream`: where
 * the log lines go instead of stdout (tests read them).
 */
export async function createGatewayApp(
  config: AppConfig,
  options: { logStream?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  // Nest's Logger everywhere now writes through pino (JSON lines; pretty in development).
  const logger = createLogger(config, options.logStream);
  app.useLogger(new AppLogger(logger));
  // From here every line is written as it happens: a first start's migrations are seen while they run.
  app.flushLogs();
  app.set('query parser', 'simple');
  // request.ip (what the limits key on) is the forwarded client only behind proxies TRUST_PROXY names.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Express hashed every JSON answer for a weak ETag, POSTs included, though no client revalidates them;
  // the photo sets its own, and the SPA's files get theirs from express.static.
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The built SPA has no inline script (index.html loads one module file).
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: config.publicUrl, credentials: true });
  app.use(cookieParser());
  // Named, timed and logged from arrival, whatever answers (a limit, a parse error, a route).
  app.use('/api', httpObservability(app.get(Metrics), logger));
  // Counted until answered, so shutdown waits for them before the database closes. The request's context
  // starts after the body is read, so it holds for everything the handler does.
  app.use(
    '/api',
    app.get(RequestsInFlight).track,
    noStore,
    jsonBody(JSON_BODY_LIMIT),
    rejectUnreadableBody,
    onlyJsonOrFormBodies,
    requestContext,
  );
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(createValidationPipe());

  const openApi = new DocumentBuilder()
    .setTitle('Fated API')
    .setDescription('The Future of Love – Engineered by AI')
    .addBearerAuth()
    .build();
  // The API description helps developers; in production it only helps someone mapping the attack surface.
  if (config.env !== 'production')
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  // Sockets of every gateway sharing the database reach each other; the embedded default keeps them in process.
  if (config.database.kind === 'postgres')
    app.useWebSocketAdapter(new PostgresIoAdapter(app, config.database.url));

  serveSpa(app);
  app.enableShutdownHooks();
  return app;
}

/** Body-parser failures become the API's JSON errors without echoing parser internals. */
function rejectUnreadableBody(
  error: { type?: string; status?: number; message?: string } | undefined,
  _request: express.Request,
  response: express.Response,
  next: express.NextFunction,
): void {
  if (!error) return next();
  markRefusedBody(response);
  if (error instanceof UnacceptableJsonError) {
    response.status(400).json({ statusCode: 400, error: 'Bad Request', message: error.message });
    return;
  }
  const parsed = error.type === 'entity.too.large' ? 413 : (error.status ?? 400);
  const status = parsed in BODY_ERRORS ? parsed : 400;
  response.status(status).json({ statusCode: status, ...BODY_ERRORS[status]! });
}

/** What a body the parser could not read is answered with, by status: never the parser's own words. */
const BODY_ERRORS: Record<number, { error: string; message: string }> = {
  400: { error: 'Bad Request', message: 'Malformed JSON body' },
  413: { error: 'Payload Too Large', message: 'Request body is too large' },
  // An unsupported charset or content encoding.
  415: { error: 'Unsupported Media Type', message: 'Send the body as JSON in UTF-8' },
};

/** The built SPA at /, with history fallback for every non-API GET. */
function serveSpa(app: NestExpressApplication): void {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return;
  app.use(express.static(WEB_DIST, { index: false, maxAge: '1h' }));
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (request.method !== 'GET' || request.path.startsWith('/api')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}
