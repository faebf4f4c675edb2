import { type } from 'arktype';
import { resolver } from 'hono-openapi';
import { SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { BASKET_COOKIE } from '#server/services/basket/priced.ts';
import { ERROR_KEYS } from '#domain/error-catalogue.ts';

/**
 * Every failure of the API: a key of the error catalogue (server/domain/error-catalogue.ts), and for form
 * errors the failing rule per field.
 */
const errorBody = type({
  error: type.enumerated(...ERROR_KEYS),
  'details?': 'Record<string, unknown>',
  // The request's id, also in X-Request-Id: it finds the request's log lines (decision 046).
  'requestId?': 'string',
});

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(errorBody) } },
});

export const jsonResponse = (description: string) => ({ description, content: { 'application/json': {} } });

/**
 * How the API recognises a caller (the document's components.securitySchemes). Cookies are httpOnly and set by
 * the API itself; a bot sends its API key as a bearer token.
 */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie POST /api/auth/login sets (httpOnly, SameSite=Lax)',
  },
  basket: {
    type: 'apiKey',
    in: 'cookie',
    name: BASKET_COOKIE,
    description: "The cookie naming the visitor's server-side basket, set by the first basket answer (httpOnly)",
  },
  orderToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The access token POST /api/orders answers: with it a guest follows the order',
  },
  paymentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description: "HMAC-SHA256 (hex) of the exact body, with the payment provider's webhook secret",
  },
  botKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A bot channel API key (Authorization: Bearer mkb_…), made and revoked by an admin at /admin/botKeys',
  },
} as const;

type Scheme = keyof typeof securitySchemes;
type Requirement = Partial<Record<Scheme, []>>;

/** Who may call an operation: any one of the listed requirements; `{}` among them means no credential at all. */
export const security = {
  /** Anyone, with nothing: the catalogue, the contact form, login. */
  public: [] as Requirement[],
  /** Works for guests too; answers about the session when there is one. */
  optionalSession: [{ session: [] }, {}] as Requirement[],
  session: [{ session: [] }] as Requirement[],
  /** The basket cookie or a logged-in user's session names the basket; with neither, a new basket is made. */
  basket: [{ basket: [] }, { session: [] }, {}] as Requirement[],
  /** Placing an order needs the basket; a session makes the order the user's. */
  placeOrder: [{ basket: [] }, { basket: [], session: [] }] as Requirement[],
  /** An order is shown to whoever has its access token, or to its customer's session. */
  order: [{ orderToken: [] }, { session: [] }] as Requirement[],
  paymentProvider: [{ paymentSignature: [] }] as Requirement[],
  /** The bot channel: its API key, nothing else. */
  bot: [{ botKey: [] }] as Requirement[],
};

/** The answer of every /api route asked on a host other than the shop's (brand sites keep two public calls). */
export const otherHost = errorResponse("notFound: asked on a host other than the shop's");
