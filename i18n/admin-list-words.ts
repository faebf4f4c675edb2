/** The words a list island shows, made by its page from the message catalogue (islands do not import it). */
export type ListLabels = {
  /** Column label key (columns.ts) → text. */
  columns: Record<string, string>;
  /** Filter name → text. */
  filters: Record<string, string>;
  /** `<group>.<value>` → text, for enumerations (statuses, methods, countries, …). */
  values: Record<string, string>;
  ui: {
    filters: string;
    apply: string;
    reset: string;
    any: string;
    add: string;
    loading: string;
    empty: string;
    error: string;
    retry: string;
    /** With {count}. */
    count: string;
    /** With {page} and {pages}. */
    pageOf: string;
    previous: string;
    next: string;
    pagination: string;
    /** With {column}. */
    sortBy: string;
    tableLabel: string;
    open: string;
    yes: string;
    no: string;
  };
};

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
