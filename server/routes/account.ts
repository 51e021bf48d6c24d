// The public account flows of accounts spec §2.3 and §7 (sign-up, activation, forgotten password,
// reset through the emailed link) and the settings' change password.
import {
  ACTIVATED_MESSAGE, ACTIVATION_LINK_EXPIRED, ChangePasswordPayload, CONFIRMED_AWAITING_APPROVAL, CONFIRMED_BUT_DECLINED, CURRENT_PASSWORD_WRONG, EMAIL_NOT_FOUND,
  LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED, PASSWORD_RESET_DONE, PASSWORDS_DONT_MATCH, PasswordResetRequest, RESET_LINK_SENT,
  ResetPasswordPayload, SIGNED_UP_MESSAGE, SignUpPayload, TOO_MANY_RESET_REQUESTS, TokenParams, EMAIL_APPROVAL_LINK_EXPIRED, EMAIL_CHANGED, EMAIL_LINK_EXPIRED, EMAIL_TAKEN,
  emailChangeApprovedMessage,
  MessageResponse,
} from '../../src/model/account.ts';
import { askNewAddressToConfirm } from '../accounts/email-change.ts';
import { caller } from '../auth/authenticate.ts';
import { accountAttemptKey, LOGIN_LIMITS, TOO_MANY_ATTEMPTS } from '../auth/login.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, HttpError, notFound, tooManyRequests, unauthorized } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { activationMail, approvalRequestMail, passwordResetMail, signUpAttemptMail, unknownHouseMail } from '../mail/messages.ts';
import { sendOrRefuse } from '../mail/send-or-refuse.ts';
import { linkOrigin, ownOrigin } from '../mail/site-url.ts';
import { TOKEN_LIFETIME_HOURS } from '../repositories/account-tokens.ts';
import { isUniqueViolation } from '../repositories/user-admin.ts';
import { answerWith, routeSchema } from '../http/route-schema.ts';
import { enforce } from '../policies/refusal.ts';
import { DEACTIVATED, userPolicy } from '../policies/user-policy.ts';

/** Sign-ups from one client address in an hour: enough for an office, too few to probe platform ids. */
export const SIGN_UP_LIMITS = { windowMinutes: 60, perIp: 10 };
export const TOO_MANY_SIGN_UPS = 'Too many sign-ups from your network. Please wait an hour and try again.';

/** Reset emails per address and per client address in an hour: enough for a user, too few to flood an inbox. */
export const RESET_LIMITS = { windowMinutes: 60, perEmail: 5, perIp: 30 };


/** A 400 whose `errors` lists its message too, so the sign-up form can always join `errors`. */
const refuse = (...messages: string[]) => badRequest(messages.join('\n'), messages);
const gone = (message: string) => new HttpError(410, message);

export const accountRoutes = routesUsing(['accountTokens', 'accounts', 'attempts', 'config', 'mail', 'scope', 'sessions', 'transaction', 'userAdmin'], async (app) => {
  const origin = (siteUrl: string) => {
    try {
      return linkOrigin(app.config.publicUrls, siteUrl);
    } catch (err) {
      throw err instanceof HttpError ? refuse(err.message) : err;
    }
  };

  /**
   * Sign-up answers the same whatever it finds (spec: accounts-and-administration.md §2.3 Public screens): neither an existing email nor an unknown
   * platform id shows in the answer. What happened goes to the mailbox instead — the activation
   * link, a note to the owner of an existing account, or the unknown id — so only the owner of the
   * address learns it. The account it creates is pending until its family approves it.
   */
  app.post('/auth/sign-up', { schema: routeSchema('Account', 'Ask for an account', { body: SignUpPayload, answer: answerWith(201, MessageResponse) }) }, async (request, reply) => {
    const body = validate(SignUpPayload, request.body, 'sign-up');
    if (body.repeatPassword !== body.password) throw refuse(PASSWORDS_DONT_MATCH);
    const linkBase = origin(body.siteUrl);
    const limitKey = `signup-ip:${request.ip}`;
    const tries = (await app.attempts.failuresSince([limitKey], SIGN_UP_LIMITS.windowMinutes)).get(limitKey) ?? 0;
    if (tries >= SIGN_UP_LIMITS.perIp) throw tooManyRequests(TOO_MANY_SIGN_UPS);
    await app.attempts.recordFailure([limitKey]);

    const [houseId, existing] = await Promise.all([
      app.accounts.houseIdByPlatformId(body.partnerPlatformId),
      app.accounts.resettable(body.email),
    ]);
    // Hashed whatever the outcome, so the answer takes as long either way.
    const passwordHash = await hashPassword(body.password);
    await app.transaction(async (db) => {
      if (existing) {
        await sendOrRefuse(app.mail, signUpAttemptMail(existing.email, existing.contactName, `${linkBase}/login`), request.log, 'sign-up');
        return;
      }
      if (houseId === null) {
        await sendOrRefuse(app.mail, unknownHouseMail(body.email, body.contactName, body.partnerPlatformId, `${linkBase}/signup`), request.log, 'sign-up');
        return;
      }
      const userId = await app.accounts.createSignedUp({ email: body.email, contactName: body.contactName, houseId }, passwordHash, db);
      if (userId === null) return; // signed up by a concurrent request: the same answer
      const token = await app.accountTokens.issue(userId, 'activate', db);
      const link = `${linkBase}/activate/${token}`;
      await sendOrRefuse(app.mail, activationMail(body.email, body.contactName, link, TOKEN_LIFETIME_HOURS.activate / 24), request.log, 'activation');
    });
    return reply.code(201).send({ message: SIGNED_UP_MESSAGE } satisfies MessageResponse);
  });

  /** Confirms the email; a signed-up account then asks its family's leaders for approval. */
  app.post('/auth/activate/:token', { schema: routeSchema('Account', 'Activate an account from its email link', { params: TokenParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { token } = validate(TokenParams, request.params, 'activation link');
    const siteBase = ownOrigin(app.config);
    return app.transaction(async (db) => {
      const used = await app.accountTokens.consume(token, ['activate'], db);
      if (!used) throw gone(ACTIVATION_LINK_EXPIRED);
      const { pending, rejected, deactivated, holder, houseId } = await app.accounts.activate(used.userId, db);
      // 'Please Login' only when the login will work (issue 39): login refuses these as well.
      if (deactivated) return { message: DEACTIVATED };
      if (rejected) return { message: CONFIRMED_BUT_DECLINED };
      if (!pending) return { message: ACTIVATED_MESSAGE };
      if (houseId === null) return { message: CONFIRMED_AWAITING_APPROVAL };
      const house = (await app.scope.distributor(houseId))?.nickname ?? 'your distributor';
      for (const approver of await app.accounts.approversOf(houseId, db)) {
        const mail = approvalRequestMail(approver.email, approver.contactName, holder.contactName, holder.email, house, `${siteBase}/user-management`);
        await sendOrRefuse(app.mail, mail, request.log, 'approval request');
      }
      return { message: CONFIRMED_AWAITING_APPROVAL };
    });
  });

  /**
   * The owner approves, from the account's current address, an email change someone else asked
   * for; the new address then gets its confirmation link. A link sent to an address the account
   * no longer has approves nothing (consume checks the address it was issued against).
   */
  app.post('/auth/approve-email-change/:token', { schema: routeSchema('Account', 'Approve an email change from its link', { params: TokenParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { token } = validate(TokenParams, request.params, 'approval link');
    return app.transaction(async (db) => {
      const used = await app.accountTokens.consume(token, ['email-approval'], db);
      const holder = used && (await app.userAdmin.managedUser(used.userId));
      if (!used?.newEmail || !holder) throw gone(EMAIL_APPROVAL_LINK_EXPIRED);
      if (await app.userAdmin.emailTaken(used.newEmail, holder.id)) throw refuse(EMAIL_TAKEN);
      await askNewAddressToConfirm(app, request.log, db, holder, used.newEmail, holder.contactName);
      return { message: emailChangeApprovedMessage(used.newEmail) };
    });
  });

  /** The new address of an email change confirms it (spec: accounts-and-administration.md §2.4 User Management): the change happens now. */
  app.post('/auth/confirm-email/:token', { schema: routeSchema('Account', 'Confirm a new email address from its link', { params: TokenParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { token } = validate(TokenParams, request.params, 'confirmation link');
    await app.transaction(async (db) => {
      const used = await app.accountTokens.consume(token, ['email'], db);
      if (!used?.newEmail) throw gone(EMAIL_LINK_EXPIRED);
      const changed = await app.accounts.changeEmail(used.userId, used.newEmail, db).catch((error: unknown) => {
        throw isUniqueViolation(error) ? refuse(EMAIL_TAKEN) : error;
      });
      if (!changed) throw gone(EMAIL_LINK_EXPIRED);
    });
    return { message: EMAIL_CHANGED };
  });

  app.post('/auth/request-password-reset', { schema: routeSchema('Account', 'Ask for a password reset email', { body: PasswordResetRequest, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const body = validate(PasswordResetRequest, request.body, 'password reset request');
    const linkBase = origin(body.siteUrl);
    // Every request counts, unknown emails too: that also slows down probing which emails exist.
    const keys = [`reset:${body.email.toLowerCase()}`, `reset-ip:${request.ip}`] as const;
    const counts = await app.attempts.failuresSince([...keys], RESET_LIMITS.windowMinutes);
    if ((counts.get(keys[0]) ?? 0) >= RESET_LIMITS.perEmail || (counts.get(keys[1]) ?? 0) >= RESET_LIMITS.perIp) {
      throw tooManyRequests(TOO_MANY_RESET_REQUESTS);
    }
    await app.attempts.recordFailure([...keys]);

    const holder = await app.accounts.resettable(body.email);
    if (!holder) throw notFound(EMAIL_NOT_FOUND);
    await app.transaction(async (db) => {
      const token = await app.accountTokens.issue(holder.id, 'reset', db);
      const link = `${linkBase}/change-password/${token}`;
      await sendOrRefuse(app.mail, passwordResetMail(holder.email, holder.contactName, link, TOKEN_LIFETIME_HOURS.reset), request.log, 'password reset');
    });
    return { message: RESET_LINK_SENT };
  });

  // Also how an invited user sets a first password: the invitation's link leads to the same screen.
  app.post('/auth/reset-password/:token', { schema: routeSchema('Account', 'Set a new password from a reset link', { params: TokenParams, body: ResetPasswordPayload, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { token } = validate(TokenParams, request.params, 'password reset link');
    const body = validate(ResetPasswordPayload, request.body, 'new password');
    if (body.newPassword !== body.password) throw refuse(PASSWORDS_DONT_MATCH);
    const email = await app.transaction(async (db) => {
      const used = await app.accountTokens.consume(token, ['reset', 'invite'], db);
      if (!used) throw gone(LINK_EXPIRED_MESSAGE);
      // Hashed only once the link is known good, so junk tokens cost no argon2 work.
      const changed = await app.accounts.setPassword(used.userId, await hashPassword(body.password), db);
      enforce(userPolicy.setPassword(changed !== null));
      // Whoever held the old password (or a stolen session) is out; run before the commit, so a
      // failure here keeps the old password rather than a new one with live old sessions.
      await app.sessions.revokeAllOf(used.userId);
      return changed!;
    });
    // The owner proved the email; earlier failed logins (perhaps what made them reset) no longer block them.
    await app.attempts.forgetAccount(email);
    return { message: PASSWORD_RESET_DONE };
  });

  app.post('/user/change-password', { schema: routeSchema('Account', 'Change one’s own password', { body: ChangePasswordPayload, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const me = caller(request);
    const body = validate(ChangePasswordPayload, request.body, 'password change');
    if (body.repeatPassword !== body.newPassword) throw refuse(PASSWORDS_DONT_MATCH);
    const account = await app.accounts.passwordHashOf(me.userId);
    if (!account) throw unauthorized();

    // The current password is a login secret: guesses lock this session out of changing it (not the
    // owner's other sessions or logins), and count towards the account-wide slow-down of logins.
    const key = `session:${me.sessionId}`;
    const failures = (await app.attempts.failuresSince([key], LOGIN_LIMITS.windowMinutes)).get(key) ?? 0;
    if (failures >= LOGIN_LIMITS.perAccountAndAddress) throw tooManyRequests(TOO_MANY_ATTEMPTS);
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      await app.attempts.recordFailure([key, accountAttemptKey(account.email)]);
      throw refuse(CURRENT_PASSWORD_WRONG);
    }

    const passwordHash = await hashPassword(body.newPassword);
    await app.transaction(async (db) => {
      if ((await app.accounts.setPassword(me.userId, passwordHash, db)) === null) throw unauthorized();
      await app.sessions.revokeAllOf(me.userId, me.sessionId); // other devices; this one stays logged in
    });
    await app.attempts.forgetAccount(account.email);
    return { message: PASSWORD_CHANGED };
  });
});
