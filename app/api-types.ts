import type { InferResponseType } from 'hono/client';
import type { ApiClient } from '#app/api-client.ts';

/**
 * The shapes of API answers the islands hold, read from the typed client's routes (what the browser receives as
 * JSON, dates as strings), never from the server's services: an island depends on the API's contract only.
 */
type Ok<F> = InferResponseType<F, 200>;

export type RestaurantSummary = Ok<ApiClient['restaurants']['$get']>['restaurants'][number];
export type RestaurantMenuAnswer = Ok<ApiClient['restaurants'][':idOrSlug']['$get']>;
export type MenuCategory = RestaurantMenuAnswer['categories'][number];
export type MenuGroup = MenuCategory['items'][number]['groups'][number];
export type MenuItem = MenuCategory['items'][number];

export type KitchenQueue = Ok<ApiClient['admin']['kitchen'][':restaurant']['$get']>;
export type KitchenCard = KitchenQueue['orders'][number];

export type StaffOrder = Ok<ApiClient['admin']['orders'][':id']['$get']>['order'];
export type OrderView = Ok<ApiClient['orders'][':id']['$get']>['order'];

export type Dashboard = Ok<ApiClient['admin']['dashboard']['$get']>;
export type DashboardRow = Dashboard['byConcept'][number];
export type WaitingOrder = Dashboard['waiting'][number];
export type Lateness = Ok<ApiClient['admin']['dashboard']['lateness']['$get']>;
export type KitchenTicket = Ok<ApiClient['admin']['orders'][':id']['ticket']['$get']>['ticket'];

export type Escalations = Ok<ApiClient['cc']['escalations']['$get']>;
