import type { FastifyRequest } from 'fastify';
import { emailChangeAwaitingOwnerMessage, emailChangePendingMessage, InvitePayload, MerchantBatchPayload, OwnProfilePayload, UpdateUserPayload, MessageResponse, PendingList, UserList, InviteResponse } from '../../src/model/account.ts';
import { IdParams } from '../../src/model/merchant-access.ts';
import {
  EMAIL_TAKEN, USER_DEACTIVATED, USER_UPDATED, changedFields, invitedMessage, locationIds, locationsProblem,
  USER_APPROVED, USER_REJECTED, mayApprove, mayDeactivate, mayEditHolding, type Manager,
} from '../../src/model/user-permissions.ts';
import { askOwnChangeConfirmed, askOwnerToApprove, auditEmailChange } from '../accounts/email-change.ts';
import { sendInvitation } from '../accounts/send-invitation.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { actingAdmin } from '../auth/acting-admin.ts';
import { enforce } from '../policies/refusal.ts';
import { userPolicy } from '../policies/user-policy.ts';
import { caller } from '../auth/authenticate.ts';
import { validate } from '../http/validate.ts';
import { approvalDecisionMail } from '../mail/messages.ts';
import { sendOrRefuse } from '../mail/send-or-refuse.ts';
import { linkOrigin, ownOrigin } from '../mail/site-url.ts';
import { isUniqueViolation, type ManagedUser } from '../repositories/user-admin.ts';
import { visibleAmong, type Scope } from '../scope/visible-merchants.ts';
import { routeSchema } from '../http/route-schema.ts';

const NOT_VISIBLE = 'Every location must be one you can see.';
const NOT_ALL = 'Only a user who sees every location may give Invite To All.';
export const PROFILE_UPDATED = 'Your profile has been updated.';

/**
 * Who may move an account's email, and how (server/accounts/email-change.ts): an internal admin
 * at once (audited), the owner once the new address confirms, anyone else once the owner approves.
 */
const emailMoveBy = (me: Manager, ownerId: number): 'now' | 'confirm' | 'approve' =>
  me.internalAdmin ? 'now' : me.id === ownerId ? 'confirm' : 'approve';

/** User Management (accounts spec §2.4, §6): the users of the caller's active house and their access. */
export const userManagementRoutes = routesUsing(['accountTokens', 'auditLog', 'config', 'mail', 'scope', 'sessions', 'transaction', 'userAdmin'], async (app) => {
  /**
   * The house being managed (the caller's active distributor; none → 403) and its family. A
   * manager acts as themselves: View As is ignored, it would lend them another user's locations.
   */
  async function managing(request: FastifyRequest) {
    const scope = await request.scope.visibleToCaller();
    const root = await app.userAdmin.familyRootOf(scope.distributorId);
    // Only internal admins manage a family other than their own (after switching house to it).
    const familyRoot = scope.caller.internalAdmin || scope.caller.familyRootId === root ? root : null;
    // An internal admin logged in as this user gives roles as an internal admin (the Admin role, §6).
    const me: Manager = { id: scope.caller.id, title: scope.caller.title, internalAdmin: scope.caller.internalAdmin, actingAdmin: await actingAdmin(app.scope, request) };
    const myAccess = (await app.userAdmin.managedUser(me.id))?.access;
    enforce(userPolicy.manage(myAccess));
    return { scope, me, myAccess: myAccess!, familyRoot };
  }

  /** A user to edit or deactivate; internal admins learn it does not exist, others get the same 403. */
  async function target(me: Manager, id: string, refusal: string) {
    const user = await app.userAdmin.managedUser(Number(id));
    enforce(user ? null : userPolicy.missing(me, refusal));
    return user!;
  }

  /** Locations being given must be visible to the giver; ones the user already has may stay. */
  async function checkVisible(scope: Scope, ids: number[], kept: readonly number[] = []) {
    const added = ids.filter((id) => !kept.includes(id));
    if (added.length === 0) return;
    if ((await visibleAmong(app.scope, scope, added)).length !== added.length) throw badRequest(NOT_VISIBLE);
  }

  app.get('/user/all', { schema: routeSchema('Users', 'The users one may manage', { answer: UserList }) }, async (request): Promise<UserList> => {
    const { scope, me, myAccess, familyRoot } = await managing(request);
    const rows = await app.userAdmin.usersOfHouse(scope.distributorId);
    return {
      users: rows.map(({ internalAdmin, familyRootId, access, ...row }) => {
        const managed = { id: row.id, title: row.title, internalAdmin, familyRootId };
        return {
          ...row,
          displayIntel: access.displayIntel,
          displayPaymentInfo: access.displayPaymentInfo,
          canEdit: mayEditHolding(me, myAccess, familyRoot, managed, access),
          canDeactivate: mayDeactivate(me, familyRoot, managed),
        };
      }),
    };
  });

  app.post('/user/invite', { schema: routeSchema('Users', 'Invite a user', { body: InvitePayload, answer: InviteResponse }) }, async (request): Promise<{ id: number } & MessageResponse> => {
    const body = validate(InvitePayload, request.body, 'invitation');
    const origin = linkOrigin(app.config.publicUrls, body.siteUrl);
    const inviteAll = body.locations.length === 0;
    const problem = locationsProblem(inviteAll, body.locations);
    if (problem) throw badRequest(problem);
    const { scope, me, myAccess } = await managing(request);
    enforce(userPolicy.invite(me, myAccess, body));
    if (inviteAll && !scope.all) throw badRequest(NOT_ALL);
    const ids = locationIds(body.locations);
    await checkVisible(scope, ids);
    if (await app.userAdmin.emailTaken(body.email)) throw badRequest(EMAIL_TAKEN);

    const house = (await app.scope.distributor(scope.distributorId))!;
    const inviter = (await app.userAdmin.managedUser(me.id))?.contactName ?? 'Your distributor';
    const id = await sendInvitation(app, request.log, {
      contactName: body.contactName, email: body.email, title: body.title, displayIntel: body.displayIntel,
      displayPaymentInfo: body.displayPaymentInfo, displayInvoice: body.displayInvoice, isMultiHouse: body.isMultiHouse,
      inviteAll, houseId: scope.distributorId, locationIds: ids,
    }, origin, inviter, house.nickname);
    return { id, message: invitedMessage(body.contactName, body.email) };
  });

  /** The Pending section: sign-ups of the family waiting for an Admin or Leadership user (spec: accounts-and-administration.md §6). */
  app.get('/user/pending', { schema: routeSchema('Users', 'Sign-ups waiting for approval', { answer: PendingList }) }, async (request): Promise<PendingList> => {
    const { me, familyRoot } = await managing(request);
    if (!mayApprove(me) || familyRoot === null) return { pending: [] };
    return { pending: await app.userAdmin.pendingOfFamily(familyRoot) };
  });

  const decideRoute = (decision: 'approved' | 'rejected') => async (request: FastifyRequest): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const { me, familyRoot } = await managing(request);
    enforce(userPolicy.decide(familyRoot));
    const siteBase = ownOrigin(app.config);
    await app.transaction(async (client) => {
      const decided = await app.userAdmin.decide(client, Number(id), familyRoot!, decision, me.id);
      // Someone else's, decided already, or unknown: the same answer, so ids reveal nothing.
      if (!decided) throw notFound('No sign-up of your distributor waits for this decision.');
      const mail = approvalDecisionMail(decided.email, decided.contactName, decided.house, decision === 'approved', `${siteBase}/login`);
      await sendOrRefuse(app.mail, mail, request.log, 'decision');
    });
    return { message: decision === 'approved' ? USER_APPROVED : USER_REJECTED };
  };
  app.post('/user/:id/approve', { schema: routeSchema('Users', 'Approve a sign-up', { params: IdParams, answer: MessageResponse }) }, decideRoute('approved'));
  app.post('/user/:id/reject', { schema: routeSchema('Users', 'Reject a sign-up', { params: IdParams, answer: MessageResponse }) }, decideRoute('rejected'));

  /** The Edit User panel's change of user `id` (PATCH /user/{id}), and its locations-only form (merchant-batch). */
  async function updateUser(request: FastifyRequest, id: string, patch: (current: ManagedUser) => UpdateUserPayload): Promise<MessageResponse> {
    const { scope, me, myAccess, familyRoot } = await managing(request);
    const user = await target(me, id, 'You may not edit this user.');
    const body = patch(user);
    const problem = locationsProblem(body.inviteAll, body.locations);
    if (problem) throw badRequest(problem);
    const changed = changedFields(user, body);
    enforce(userPolicy.edit(me, myAccess, familyRoot, user, changed, body));
    if (changed.includes('inviteAll') && body.inviteAll && !scope.all) throw badRequest(NOT_ALL);
    const ids = body.inviteAll ? [] : locationIds(body.locations);
    await checkVisible(scope, ids, user.locations);
    if (changed.includes('email') && (await app.userAdmin.emailTaken(body.email, user.id))) throw badRequest(EMAIL_TAKEN);
    const emailMove = changed.includes('email') ? emailMoveBy(me, user.id) : null;

    await app
      .transaction(async (client) => {
        await app.userAdmin.update(client, user.id, {
          email: emailMove === 'now' ? body.email : user.email, title: body.title, displayPaymentInfo: body.displayPaymentInfo, inviteAll: body.inviteAll, locationIds: ids,
        });
        if (emailMove === 'confirm') await askOwnChangeConfirmed(app, request.log, client, user, body.email);
        if (emailMove === 'approve') {
          const askedBy = (await app.userAdmin.managedUser(me.id))?.contactName ?? 'Your administrator';
          await askOwnerToApprove(app, request.log, client, user, body.email, askedBy);
        }
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? badRequest(EMAIL_TAKEN) : error;
      });
    if (emailMove === 'now') await auditEmailChange(app, request, me.id, user, body.email);
    if (emailMove === 'confirm') return { message: emailChangePendingMessage(body.email) };
    if (emailMove === 'approve') return { message: emailChangeAwaitingOwnerMessage(user.email, body.email) };
    return { message: USER_UPDATED };
  }

  app.patch('/user/:id', { schema: routeSchema('Users', 'Change a user', { params: IdParams, body: UpdateUserPayload, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const body = validate(UpdateUserPayload, request.body, 'user');
    return updateUser(request, id, () => body);
  });

  /** A user's locations alone, under the Edit User panel's rules (spec §7 PATCH /user/merchant-batch/{id}). */
  app.patch('/user/merchant-batch/:id', { schema: routeSchema('Users', 'Change a user’s locations', { params: IdParams, body: MerchantBatchPayload, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const body = validate(MerchantBatchPayload, request.body, 'locations');
    return updateUser(request, id, (user) => ({
      email: user.email, title: user.title!, displayPaymentInfo: user.displayPaymentInfo, inviteAll: body.inviteAll, locations: body.locations,
    }));
  });

  /** One's own profile (PATCH /user): the name at once; a new email once the new address confirms it. */
  app.patch('/user', { schema: routeSchema('Users', 'Change one’s own profile', { body: OwnProfilePayload, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const body = validate(OwnProfilePayload, request.body, 'profile');
    const me = await app.userAdmin.managedUser(caller(request).userId);
    if (!me) throw unauthorized();
    const newEmail = body.email.toLowerCase() !== me.email.toLowerCase();
    if (newEmail && (await app.userAdmin.emailTaken(body.email, me.id))) throw badRequest(EMAIL_TAKEN);
    await app.transaction(async (client) => {
      await app.userAdmin.rename(client, me.id, body.contactName);
      if (newEmail) await askOwnChangeConfirmed(app, request.log, client, { ...me, contactName: body.contactName }, body.email);
    });
    return { message: newEmail ? emailChangePendingMessage(body.email) : PROFILE_UPDATED };
  });

  app.delete('/user/:id', { schema: routeSchema('Users', 'Deactivate a user', { params: IdParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const { me, familyRoot } = await managing(request);
    const user = await target(me, id, 'You may not deactivate this user.');
    enforce(userPolicy.deactivate(me, familyRoot, user));
    await app.userAdmin.deactivate(user.id);
    // Every session ends now: their next call is a 401 (authenticate also refuses deactivated users).
    await app.sessions.revokeAllOf(user.id);
    return { message: USER_DEACTIVATED };
  });
});
