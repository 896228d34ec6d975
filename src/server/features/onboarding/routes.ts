import { subject } from '@casl/ability';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typed } from '../../engine/typed-routes';
import { dataBody, object, responses, STRING } from '../../engine/responses';
import { invalid, Label } from '../../infra/domain-error';
import { doneSteps, knownSteps, markStep, seesAllDone } from './steps';

const STEP = object({ step_id: STRING }, { required: ['step_id'] });
const body = {
  type: 'object',
  required: ['step_id'],
  properties: { step_id: { type: 'string', minLength: 1, maxLength: 120 } },
  additionalProperties: false,
} as const;

/**
 * Onboarding tours (spec §3, §4, §7):
 *  - `GET /api/v1/onboarding`: the steps the caller has done, each `{ step_id }`; an admin flagged
 *    `is_hidden_admin` has done every step the screens declare;
 *  - `POST /api/v1/onboarding` `{ step_id }`: marks one step done, once (again: the same answer, nothing changes);
 *    a step no screen declares is a 422 on `step_id`.
 * A step is `<screen id>:<step id>`. Each caller sees and marks only their own (Onboarding, their `user_id`).
 */
export async function onboardingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const tags = ['user'];
  const steps = () => knownSteps(fastify.schemas.registry.screens.values());
  const allowed = (action: 'read' | 'create') => async (req: FastifyRequest, reply: FastifyReply) => {
    const own = subject('Onboarding', { user_id: req.user!.id });
    if (!req.ability.can(action, own)) return reply.forbid(action, own);
  };

  app.get(
    '/api/v1/onboarding',
    {
      preValidation: allowed('read'),
      schema: { tags, response: responses({ 200: dataBody({ type: 'array', items: STEP }) }) },
    },
    async (req) => {
      const all = await seesAllDone(app.db, req.user!.id);
      const done = all ? steps() : await doneSteps(app.db, req.filterFor('read', 'Onboarding', 'onboarding_steps'));
      return { data: done.map((step_id) => ({ step_id })) };
    },
  );

  app.post(
    '/api/v1/onboarding',
    {
      preValidation: allowed('create'),
      schema: { tags, body, response: responses({ 200: dataBody(STEP) }) },
    },
    async (req) => {
      const { step_id } = req.body;
      if (!steps().includes(step_id))
        throw invalid('step_id', 'validation.in', { field: new Label('fields.onboarding.step_id') });
      await markStep(app.db, req.user!.id, step_id);
      return { data: { step_id } };
    },
  );
}
