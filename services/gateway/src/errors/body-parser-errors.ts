import type { NextFunction, Request, Response } from 'express';
import { messages } from '@sopwright/contracts';
import { apiError } from './api-exception.filter';

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * Express error middleware for failures before Nest sees the request (unparsable JSON,
 * oversized bodies), so they get the same JSON shape instead of an HTML page.
 */
export function bodyParserErrors(error: BodyParserError, _req: Request, res: Response, next: NextFunction): void {
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json(apiError(400, messages.malformedJson));
  } else if (error?.type === 'entity.too.large') {
    res.status(413).json(apiError(413, 'The request body is too large'));
  } else if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
    res.status(error.status).json(apiError(error.status, 'The request could not be read'));
  } else {
    next(error);
  }
}
