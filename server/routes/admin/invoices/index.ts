import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { validationError } from '#server/errors.ts';
import { ksefExport } from '#server/services/invoices/documents.ts';
import { errorResponse, security } from '../../openapi-common.ts';
import { issueDetails } from '#domain/forms.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const day = /^\d{4}-\d{2}-\d{2}$/;
const periodBody = type({
  from: type('string').narrow((s) => day.test(s)),
  to: type('string').narrow((s) => day.test(s)),
});

/**
 * The KSeF export (issue 36): the invoices issued in a period, as FA(3) XML documents in one ZIP. A POST, so that a
 * plain form on the admin's invoices page downloads it without script and without its fields in a URL.
 */
export const adminInvoiceRoutes = new Hono<AppEnv>().post(
  '/ksef',
  describeRoute({
    tags: adminTags('invoices'),
    security: security.session,
    summary: 'The invoices issued from `from` to `to` (days in Poland, both included) as FA(3) XML files in a ZIP',
    description:
      'Body (JSON or form): from, to (YYYY-MM-DD). One file per invoice, named by its number; the structure is the Polish e-invoice system’s FA(3) (docs/ksef/fa3). Header X-Invoice-Count: how many.',
    responses: {
      200: { description: 'application/zip' },
      400: errorResponse('validation (from, to: not a day, or to before from)'),
      401: errorResponse('Unauthorized (not an admin)'),
    },
  }),
  async (c) => {
    // JSON or a form's fields: the admin's page posts a plain form.
    const raw = c.req.header('content-type')?.startsWith('application/json')
      ? await c.req.json<unknown>()
      : await c.req.parseBody();
    const result = await periodBody['~standard'].validate(raw);
    if (result.issues) throw validationError(issueDetails(result.issues));
    const { from, to } = result.value;
    if (to < from) throw validationError({ to: 'invalid' });
    const { count, zip } = await ksefExport(adminCtx(c), { from, to });
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="ksef-fa3-${from}-${to}.zip"`,
      'x-invoice-count': String(count),
      'cache-control': 'private, no-store',
    });
  },
);
