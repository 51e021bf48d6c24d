import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse } from '../../src/model/account.ts';
import { SalesRepQuery, SalesRepSave, type SalesRep, type SalesRepDistributors } from '../../src/model/sales-reps.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';

/** The Business Panel's sales reps (accounts spec §2.10, §7 `/rebate-checks/dsr`): internal admins only. */
export const salesRepRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/rebate-checks/dsr', async (): Promise<SalesRep[]> => {
    return deps.salesReps.list();
  });

  app.get('/rebate-checks/dsr/distributors', async (request): Promise<SalesRepDistributors> => {
    const { email } = validate(SalesRepQuery, request.query, 'query');
    return { distributorIds: await deps.salesReps.distributorsOf(email) };
  });

  app.post('/rebate-checks/update-dsr', async (request): Promise<MessageResponse> => {
    const rep = validate(SalesRepSave, request.body, 'sales rep');
    if (rep.distributors.length === 0) throw badRequest('A sales rep needs at least one distributor.');
    if ((await deps.adminUsers.existing(rep.distributors)) !== new Set(rep.distributors).size) throw badRequest('Every distributor must exist.');
    await deps.transaction((client) => deps.salesReps.save(client, rep));
    return { message: 'Success!' };
  });

  app.delete('/rebate-checks/dsr', async (request): Promise<MessageResponse> => {
    const { email } = validate(SalesRepQuery, request.query, 'query');
    if (!(await deps.salesReps.remove(email))) throw notFound('No such sales rep.');
    return { message: 'Success!' };
  });
};
