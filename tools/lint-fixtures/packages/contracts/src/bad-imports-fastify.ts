import type { FastifyInstance } from 'fastify';

export type Server = FastifyInstance;
