import { MessageResponse } from '../../src/model/account.ts';
import { SalesRepQuery, SalesRepSave, type SalesRep, SalesRepDistributors, SalesReps } from '../../src/model/sales-reps.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { routeSchema } from '../http/route-schema.ts';

/** The Business Panel's sales reps (accounts spec §2.10, §7 `/rebate-checks/dsr`): internal admins only. */
export const salesRepRoutes = routesUsing(['adminUsers', 'salesReps', 'transaction'], async (app) => {
  app.get('/rebate-checks/dsr', { schema: routeSchema('Sales reps', 'The sales reps', { answer: SalesReps }) }, async (): Promise<SalesRep[]> => {
    return app.salesReps.list();
  });

  app.get('/rebate-checks/dsr/distributors', { schema: routeSchema('Sales reps', 'A rep’s distributors', { query: SalesRepQuery, answer: SalesRepDistributors }) }, async (request): Promise<SalesRepDistributors> => {
    const { email } = validate(SalesRepQuery, request.query, 'query');
    return { distributorIds: await app.salesReps.distributorsOf(email) };
  });

  app.post('/rebate-checks/update-dsr', { schema: routeSchema('Sales reps', 'Create or replace a rep', { body: SalesRepSave, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const rep = validate(SalesRepSave, request.body, 'sales rep');
    if (rep.distributors.length === 0) throw badRequest('A sales rep needs at least one distributor.');
    if ((await app.adminUsers.existing(rep.distributors)) !== new Set(rep.distributors).size) throw badRequest('Every distributor must exist.');
    await app.transaction((client) => app.salesReps.save(client, rep));
    return { message: 'Success!' };
  });

  app.delete('/rebate-checks/dsr', { schema: routeSchema('Sales reps', 'Delete a rep', { query: SalesRepQuery, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { email } = validate(SalesRepQuery, request.query, 'query');
    if (!(await app.salesReps.remove(email))) throw notFound('No such sales rep.');
    return { message: 'Success!' };
  });
});
