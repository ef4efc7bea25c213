import { carSeriesSearchParamSchema, carSeriesSearchSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './car.service.js';

/** The car catalogue (API.md §13): signed-in authors search it while tagging a work. */
export default async function carRoutes(app: FastifyInstance): Promise<void> {
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/car/series_search',
      param: carSeriesSearchParamSchema,
      summary: 'Car series of the shipped catalogue matching a keyword (Chinese or English), best first',
      tags: ['car'],
      data: carSeriesSearchSchema,
    },
    async (param) => service.searchCarSeries(param.keyword),
  );
}
