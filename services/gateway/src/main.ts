import './tracing';
import 'reflect-metadata';
import { StandardSchemaValidationPipe, BadRequestException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, httpMetrics, initMetrics, runMain, startMetricsServer, traceIdHeader } from '@sopwright/server-kit';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import { AppModule } from './app.module';
import { loadGatewayConfig, remoteManifest } from './config';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { bodyParserErrors } from './errors/body-parser-errors';
import { refuseControlCharacters } from './errors/control-characters';
import { securityHeaders } from './web/security-headers';
import { mountWebApps } from './web/web-apps';
import { extensionCors } from './extension/extension-cors';

runMain(async () => {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  initMetrics('gateway');
  // Nest's own body parser is off so that parse errors reach our JSON error middleware.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), { logger, bodyParser: false });

  app.disable('x-powered-by');
  // First, so that every request is timed, those that middleware below answers too.
  app.use(httpMetrics());
  // With tracing on, every answer names its trace (X-Trace-Id).
  app.use(traceIdHeader());
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(securityHeaders(remoteManifest(config), config.COOKIE_SECURE));
  // Scripts, JSON and HTML compressed for browsers that ask (the local stack has no nginx in front).
  app.use(compression({ threshold: 1024 }));
  app.use(extensionCors);
  // Stripe signs the raw bytes of its webhook, so that one route skips JSON parsing.
  app.use('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }));
  app.use(express.json({ limit: '1mb' }));
  app.use(bodyParserErrors);
  app.use(refuseControlCharacters);
  app.use(cookieParser());
  if (config.WEB_DIR) mountWebApps(app, config.WEB_DIR, remoteManifest(config));

  app.useGlobalPipes(
    new StandardSchemaValidationPipe({
      // The first broken rule, worded for the user, is the whole message.
      exceptionFactory: (issues) => new BadRequestException(issues[0]?.message ?? 'Invalid request'),
    }),
  );
  app.useGlobalFilters(new ApiExceptionFilter());
  // process.exit after closing: Nest's default re-raises the signal, which PID 1 in a container ignores.
  app.enableShutdownHooks([], { useProcessExit: true });

  await app.listen(config.PORT);
  logger.log(`gateway listening on http://localhost:${config.PORT}`);
  // Never on PORT: the web ingress and nginx send only /api there, but locally PORT serves the web apps on every path.
  if (config.METRICS_PORT > 0) {
    await startMetricsServer(config.METRICS_PORT);
    logger.log(`gateway metrics on http://localhost:${config.METRICS_PORT}/metrics`);
  }
});
