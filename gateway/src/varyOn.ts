import type { FastifyReply } from 'fastify';
import vary from 'vary';

/**
 * Adds a request header the answer differs by to its `Vary`, keeping those already named: a page
 * differs by `Accept` where it negotiates and by `Cookie` where it is drawn from one, an answer to
 * an allowed origin by `Origin`.
 */
export function varyOn(reply: FastifyReply, header: string): void {
  const named = reply.getHeader('vary');
  void reply.header('Vary', vary.append(typeof named === 'string' ? named : '', header));
}
