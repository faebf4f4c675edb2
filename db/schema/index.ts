export * from './catalogue.ts';
export * from './accounts.ts';
export * from './orders.ts';
export * from './system.ts';
export * from './bot.ts';
export * from './rights.ts';
export * from './invoices.ts';
export * from './ingredients.ts';
