import { EMAIL_TAKEN, InviteResponse, MessageResponse } from '../../src/model/account.ts';
import {
  ACTIVE_HOUSE_KEPT, AdminInvitePayload, AdminUserPatch, AdminUsersQuery, NO_REFERRED_PARTNER,
  USER_UPDATED_OK, type AdminHouse, type AdminUserRow, AdminHouses, AdminUserList,
} from '../../src/model/admin.ts';
import { IdParams } from '../../src/model/merchant-access.ts';
import { USER_DEACTIVATED, invitedMessage, locationIds, locationsProblem } from '../../src/model/user-permissions.ts';
import { sendInvitation } from '../accounts/send-invitation.ts';
import { hashPassword } from '../auth/passwords.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { linkOrigin } from '../mail/site-url.ts';
import { auditEmailChange } from '../accounts/email-change.ts';
import { isUniqueViolation } from '../repositories/user-admin.ts';
import { routeSchema } from '../http/route-schema.ts';
import { enforce } from '../policies/refusal.ts';
import { userPolicy } from '../policies/user-policy.ts';

/**
 * The admin dashboard and the admin panel's user calls (accounts spec §2.9, §2.11, §7): every
 * distributor's users, for internal admins only. Input is validated before the caller is looked up.
 */
export const adminUserRoutes = routesUsing(['accountTokens', 'adminUsers', 'auditLog', 'config', 'mail', 'scope', 'sessions', 'transaction', 'userAdmin'], async (app) => {
  app.get('/distributor/allParents', { schema: routeSchema('Admin', 'Every parent distributor', { answer: AdminHouses }) }, async (): Promise<AdminHouse[]> => {
    return app.adminUsers.parents();
  });

  app.get('/distributor/children/:id', { schema: routeSchema('Admin', 'A distributor’s children', { params: IdParams, answer: AdminHouses }) }, async (request): Promise<AdminHouse[]> => {
    const { id } = validate(IdParams, request.params, 'path');
    return app.adminUsers.children(Number(id));
  });

  app.get('/admin/users', { schema: routeSchema('Admin', 'Users of the admin dashboard', { query: AdminUsersQuery, answer: AdminUserList }) }, async (request): Promise<AdminUserRow[]> => {
    const q = validate(AdminUsersQuery, request.query, 'query');
    return app.adminUsers.users(q.distributorId === undefined ? null : Number(q.distributorId), q.family === '1');
  });

  /** A distributor user to change: not GPO staff (they are not managed from these screens). */
  async function editable(id: string) {
    const user = await app.userAdmin.managedUser(Number(id));
    if (!user) throw notFound('No such user.');
    enforce(userPolicy.adminEdit(user));
    return user;
  }

  app.patch('/admin/user/:id', { schema: routeSchema('Admin', 'Change any user', { params: IdParams, body: AdminUserPatch, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const patch = validate(AdminUserPatch, request.body, 'user');
    const me = await request.scope.caller();
    const user = await editable(id);
    if (patch.houses) {
      const active = (await app.scope.user(user.id))?.activeDistributorId ?? null;
      if (active !== null && !patch.houses.includes(active)) throw badRequest(ACTIVE_HOUSE_KEPT);
      if ((await app.adminUsers.existing(patch.houses)) !== new Set(patch.houses).size) throw badRequest('Every house must be a distributor.');
    }
    if (patch.email && (await app.userAdmin.emailTaken(patch.email, user.id))) throw badRequest(EMAIL_TAKEN);
    const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
    await app
      .transaction(async (client) => {
        await app.adminUsers.update(client, user.id, { ...patch, passwordHash });
        if (patch.email) await app.accountTokens.revokeEmailChanges(user.id, client);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? badRequest(EMAIL_TAKEN) : error;
      });
    // A new password ends every session of the user: whoever knew the old one is out.
    if (passwordHash) await app.sessions.revokeAllOf(user.id);
    if (patch.email && patch.email.toLowerCase() !== user.email.toLowerCase()) await auditEmailChange(app, request, me.id, user, patch.email);
    return { message: USER_UPDATED_OK };
  });

  app.post('/admin/user/invite', { schema: routeSchema('Admin', 'Invite a user to any distributor', { body: AdminInvitePayload, answer: InviteResponse }) }, async (request): Promise<InviteResponse> => {
    const body = validate(AdminInvitePayload, request.body, 'invitation');
    const origin = linkOrigin(app.config.publicUrls, body.siteUrl);
    const problem = locationsProblem(body.locations.length === 0, body.locations);
    if (problem) throw badRequest(problem);
    const me = await request.scope.caller();
    const house = await app.adminUsers.house(body.distributorId);
    if (!house) throw notFound('No such distributor.');
    if (house.referredPartnerId === null || house.referredPartnerId !== body.referredPartnerId) throw badRequest(NO_REFERRED_PARTNER);
    if (await app.userAdmin.emailTaken(body.email)) throw badRequest(EMAIL_TAKEN);
    // Locations are the house's to give: an admin invite starts with all of them (spec §3: locations empty).
    const ids = locationIds(body.locations);
    if (ids.length > 0 && (await app.scope.accountMerchantIds(house.id, ids)).length !== ids.length) {
      throw badRequest('Every location must be one of the house.');
    }
    const inviter = (await app.userAdmin.managedUser(me.id))?.contactName ?? 'The portal team';
    const id = await sendInvitation(app, request.log, {
      contactName: body.contactName, email: body.email, title: body.title, displayIntel: body.displayIntel,
      displayPaymentInfo: body.displayPaymentInfo, displayInvoice: body.displayInvoice, isMultiHouse: body.isMultiHouse,
      inviteAll: body.locations.length === 0, houseId: house.id, locationIds: ids,
    }, origin, inviter, house.nickname);
    return { id, message: invitedMessage(body.contactName, body.email) };
  });

  /** GET /user/deactivate/{id} (spec §7): the admin dashboard's Deactivate User. */
  app.get('/user/deactivate/:id', { schema: routeSchema('Admin', 'Deactivate a user', { params: IdParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const user = await editable(id);
    await app.userAdmin.deactivate(user.id);
    await app.sessions.revokeAllOf(user.id);
    return { message: USER_DEACTIVATED };
  });
});
