import { selfActor } from '#server/services/actor.ts';
import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { savedAddressBody } from '#domain/addresses.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { clearSessionCookie, requireRole, signedInUser } from '#server/middleware/session.ts';
import { changePassword } from '#server/services/accounts/change-password.ts';
import { deleteAccount } from '#server/services/accounts/delete-account.ts';
import { getProfile } from '#server/services/accounts/get-profile.ts';
import { requestEmailChange } from '#server/services/accounts/request-email-change.ts';
import { updateProfile } from '#server/services/accounts/update-profile.ts';
import { exportFileName, exportPersonalData } from '#server/services/rights/export.ts';
import { accountSubject } from '#server/services/rights/subject.ts';
import { addAddress } from '#server/services/addresses/add.ts';
import { listAddresses } from '#server/services/addresses/list.ts';
import { removeAddress } from '#server/services/addresses/remove.ts';
import { setDefaultAddress } from '#server/services/addresses/set-default.ts';
import { updateAddress } from '#server/services/addresses/update.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { countryType, localeType } from '#domain/list-types.ts';

const lang = localeType;
const profileBody = type({
  'firstname?': 'string <= 100',
  'lastname?': 'string <= 100',
  'phone?': 'string <= 40',
  'country?': countryType,
  'marketingSms?': 'boolean',
  'marketingEmail?': 'boolean',
  'lang?': lang,
});
const passwordBody = type({
  'currentPassword?': 'string <= 200',
  'password?': 'string <= 200',
  'passwordRepeat?': 'string <= 200',
});
const emailBody = type({ newEmail: 'string <= 254', 'password?': 'string <= 200', 'lang?': lang });
const deleteBody = type({ 'password?': 'string <= 200' });
const newAddressBody = savedAddressBody.and({ 'isDefault?': 'boolean' });
const idParam = type({ id: 'string.uuid' });

const tags = ['account'];
const PASSWORD_WINDOW_SECONDS = 15 * 60;

/** Guessing the current password through these forms counts against the account, like login does. */
const passwordAttempts = () =>
  rateLimit({
    name: 'account-password',
    limit: 10,
    windowSeconds: PASSWORD_WINDOW_SECONDS,
    key: (c) => signedInUser(c).id,
  });

/** My account (spec sections 3 and 6): every route is the logged-in user's own, whatever their role. */
export const accountRoutes = new Hono<AppEnv>()
  .use(requireRole())
  .get(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'My data: names, e-mail, phone, role, language and consents',
      responses: { 200: jsonResponse('{ profile }'), 401: errorResponse('Unauthorized') },
    }),
    async (c) => c.json({ profile: await getProfile(c.var.deps, { userId: signedInUser(c).id }) }, 200),
  )
  .get(
    '/data',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Download everything held about me as JSON (GDPR art. 15 and 20)',
      description:
        'One JSON document, sent as an attachment: `data` holds one list per table with my rows — profile, addresses, consent history with dates, orders with their lines and payments, baskets, sessions (when opened and until when, no secrets), e-mails sent to me, contact messages, audit rows about me. Decision 052.',
      responses: { 200: jsonResponse('{ format, exportedAt, subject, data }'), 401: errorResponse('Unauthorized') },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const document = await exportPersonalData(c.var.deps, await accountSubject(db, signedInUser(c).id));
      c.header('Content-Disposition', `attachment; filename="${exportFileName(document.exportedAt)}"`);
      c.header('Cache-Control', 'no-store');
      return c.json(document, 200);
    },
  )
  .patch(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Edit my data; fields left out stay (the e-mail and password have their own routes)',
      description:
        'Rules: firstname, lastname notEmpty; phone notEmpty, isValidPhoneNo by `country` (pl unless given).',
      responses: {
        200: jsonResponse('{ profile }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: errorResponse('Unauthorized'),
      },
    }),
    validate('json', profileBody),
    async (c) =>
      c.json({ profile: await updateProfile(c.var.deps, { ...c.req.valid('json'), userId: signedInUser(c).id }) }, 200),
  )
  .post(
    '/password',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Change my password (the current one required); every other session ends, this one stays',
      responses: {
        200: jsonResponse('{ ok: true }'),
        400: errorResponse(
          'validation: password notEmpty | minLength, passwordRepeat isEqual, currentPassword wrongPassword',
        ),
        401: errorResponse('Unauthorized'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    passwordAttempts(),
    validate('json', passwordBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      await changePassword(
        { db, env, now, actor: selfActor(c.var.user) },
        { ...c.req.valid('json'), userId: signedInUser(c).id, sessionId: c.var.sessionId },
      );
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/email',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Change my e-mail: a confirmation link goes to the new address (POST /api/auth/confirmEmail)',
      responses: {
        202: jsonResponse('{ ok: true }: the link has been queued; the address changes when it is followed'),
        400: errorResponse('validation: newEmail notEmpty | isValidEmail, password wrongPassword'),
        401: errorResponse('Unauthorized'),
        409: errorResponse('notUniqueEmail'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    passwordAttempts(),
    validate('json', emailBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      await requestEmailChange(
        { db, env, now, actor: selfActor(c.var.user) },
        { ...c.req.valid('json'), userId: signedInUser(c).id },
      );
      return c.json({ ok: true }, 202);
    },
  )
  .delete(
    '/',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete my account: personal data erased, orders kept for the restaurants’ books; logs out',
      responses: {
        200: jsonResponse('{ ok: true }'),
        400: errorResponse('validation: password wrongPassword'),
        401: errorResponse('Unauthorized'),
        409: errorResponse('activeOrders (an order is still on its way)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    passwordAttempts(),
    validate('json', deleteBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      await deleteAccount(
        { db, env, now, actor: selfActor(c.var.user) },
        { userId: signedInUser(c).id, password: c.req.valid('json').password },
      );
      clearSessionCookie(c);
      return c.json({ ok: true }, 200);
    },
  )
  .get(
    '/addresses',
    describeRoute({
      tags,
      security: security.session,
      summary: 'My saved addresses, the default first',
      responses: { 200: jsonResponse('{ addresses }'), 401: errorResponse('Unauthorized') },
    }),
    async (c) => c.json({ addresses: await listAddresses(c.var.deps, { userId: signedInUser(c).id }) }, 200),
  )
  .post(
    '/addresses',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Save an address; the first one (or one with isDefault) becomes the default',
      description: 'Rules: street, streetNo, city notEmpty; zip notEmpty, isValidZipCode by `country`.',
      responses: {
        201: jsonResponse('{ address }'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        401: errorResponse('Unauthorized'),
        409: errorResponse('tooManyAddresses (details.max)'),
      },
    }),
    validate('json', newAddressBody),
    async (c) =>
      c.json(
        { address: await addAddress(c.var.deps, { userId: signedInUser(c).id, address: c.req.valid('json') }) },
        201,
      ),
  )
  .put(
    '/addresses/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Replace one of my addresses',
      responses: {
        200: jsonResponse('{ address }'),
        400: errorResponse('validation'),
        401: errorResponse('Unauthorized'),
        404: errorResponse('notFound (not mine, or no such address)'),
      },
    }),
    validate('param', idParam),
    validate('json', savedAddressBody),
    async (c) => {
      const address = await updateAddress(c.var.deps, {
        userId: signedInUser(c).id,
        addressId: c.req.valid('param').id,
        address: c.req.valid('json'),
      });
      return c.json({ address }, 200);
    },
  )
  .post(
    '/addresses/:id/default',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Make one of my addresses the default',
      responses: {
        200: jsonResponse('{ addresses }'),
        401: errorResponse('Unauthorized'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    async (c) => {
      const addresses = await setDefaultAddress(c.var.deps, {
        userId: signedInUser(c).id,
        addressId: c.req.valid('param').id,
      });
      return c.json({ addresses }, 200);
    },
  )
  .delete(
    '/addresses/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Delete one of my addresses (the oldest remaining becomes the default if it was)',
      responses: {
        200: jsonResponse('{ addresses }'),
        401: errorResponse('Unauthorized'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    async (c) => {
      const addresses = await removeAddress(c.var.deps, {
        userId: signedInUser(c).id,
        addressId: c.req.valid('param').id,
      });
      return c.json({ addresses }, 200);
    },
  );
