import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Development's request log: one debug line per answered request (shown with LOG_LEVEL=debug) and one
 * trace line when it arrives, instead of Fastify's two info lines, which buried the start banner and
 * its demo logins. A request that fails still logs at error. Production keeps Fastify's own request
 * log. The answered line says how many statements the request sent (server/lib/request-statements.ts).
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.trace({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        statements: request.statementCount?.statements,
      },
      'request',
    );
  }
}
