import {
  acceptAgreementParamSchema,
  acceptAgreementResultSchema,
  applicationResultSchema,
  certificationStateSchema,
  opsCertificationDecideParamSchema,
  opsCertificationDecideResultSchema,
  opsCertificationListParamSchema,
  opsCertificationListSchema,
  organizationApplicationParamSchema,
  personApplicationParamSchema,
  sendCodeParamSchema,
  sendCodeResultSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { getUserRole } from '../user/user.service.js';
import * as service from './certification.service.js';

/**
 * Certification calls (API.md §14, issue #11; extensions in docs/api.md "Certification"): the author's state,
 * agreement, phone code and the two applications; the operators' queue and decision (role operator, else 10005).
 */
export default async function certificationRoutes(
  app: FastifyInstance,
  opts: Omit<service.CertificationDeps, 'log'>,
): Promise<void> {
  const deps: service.CertificationDeps = { ...opts, log: app.log };
  const tags = ['certification'];
  const operator = async (request: FastifyRequest) => {
    const user = requireUser(request);
    if ((await getUserRole(deps.db, user.id)) !== 'operator')
      throw new AppError('FORBIDDEN', 'OPERATOR_ONLY');
    return user;
  };

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/certification/state',
      summary: 'My certification: authStatus, the latest application (masked), rejection reasons, agreement',
      tags,
      data: certificationStateSchema,
    },
    async (_param, request) => service.getCertificationState(deps, requireUser(request).id),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/certification/accept_agreement',
      param: acceptAgreementParamSchema,
      summary: 'Accept the current certification agreement (its version and the time are recorded)',
      tags,
      data: acceptAgreementResultSchema,
    },
    async (param, request) => service.acceptAgreement(deps, requireUser(request).id, param.version),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/certification/send_code',
      param: sendCodeParamSchema,
      summary: 'Send a verification code to a phone (once a minute)',
      tags,
      data: sendCodeResultSchema,
    },
    async (param, request) => service.sendPhoneCode(deps, requireUser(request).id, param.phone),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/certification/person',
      param: personApplicationParamSchema,
      summary: "A person's application (kept fields may be left out on a resubmission)",
      tags,
      data: applicationResultSchema,
    },
    async (param, request) => service.submitPerson(deps, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/certification/organization',
      param: organizationApplicationParamSchema,
      summary: "An organization's application (kept fields may be left out on a resubmission)",
      tags,
      data: applicationResultSchema,
    },
    async (param, request) => service.submitOrganization(deps, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/certification/list',
      param: opsCertificationListParamSchema,
      summary: 'Applications in a state (default under review), oldest first',
      tags: ['ops', ...tags],
      data: opsCertificationListSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.listApplications(deps, param);
    },
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/certification/decide',
      param: opsCertificationDecideParamSchema,
      summary: 'Approve or reject an application (per-field reasons); the author gets a message',
      tags: ['ops', ...tags],
      data: opsCertificationDecideResultSchema,
    },
    async (param, request) => {
      const user = await operator(request);
      return service.decideApplication(deps, user.id, param);
    },
  );
}
