import { useStore } from '#app/stores/use-store.ts';
import { useEffect, type FormEvent } from 'react';
import { ADMIN_LISTS, listSearch, type ListEntity, type ListFilter, type ListQuery } from '#domain/admin-lists.ts';
import { CHOICE_LISTS, filterGroup } from '#domain/admin-list-columns.ts';
import type { ListLabels } from '#i18n/admin-list-words.ts';
import { controlProps } from '#app/ui/field.tsx';
import { $filterChoices, loadFilterChoices } from './list-store.ts';

type Props = {
  entity: ListEntity;
  query: Pick<ListQuery, 'filters' | 'sort'>;
  labels: ListLabels;
  /** The list's first page, without a query: where applying or clearing the filters leads. */
  listPath: string;
  hydrated: boolean;
};

/**
 * The list's filters as a form. Applying them opens page 1 with the filters in the query string, so a reload or a
 * shared link shows the same list. The button stays disabled until the island runs: before that, pressing Enter
 * sends nothing (a disabled default button blocks implicit submission).
 */
export default function ListFilters({ entity, query, labels, listPath, hydrated }: Props) {
  const filters = Object.entries(ADMIN_LISTS[entity].filters) as [string, ListFilter][];
  const choices = useStore($filterChoices);
  useEffect(() => {
    for (const [name, filter] of filters)
      if (filter.kind === 'id') void loadFilterChoices(CHOICE_LISTS[name as keyof typeof CHOICE_LISTS]);
  }, [entity]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen: Record<string, string> = {};
    for (const [name] of filters) {
      const value = String(data.get(name) ?? '').trim();
      if (value) chosen[name] = value;
    }
    window.location.assign(`${listPath}${listSearch(entity, { filters: chosen, sort: query.sort })}`);
  };
  const anyFilter = Object.keys(query.filters).length > 0;
  const id = (name: string) => `list-filter-${name}`;

  return (
    <form className="list-filters" method="post" onSubmit={submit} aria-label={labels.ui.filters}>
      <div className="list-filter-fields">
        {filters.map(([name, filter]) => (
          <div className="list-filter" key={name}>
            <label htmlFor={id(name)}>{labels.filters[name] ?? name}</label>
            <FilterField
              id={id(name)}
              name={name}
              filter={filter}
              value={query.filters[name]}
              labels={labels}
              group={filterGroup(entity, name)}
              choices={filter.kind === 'id' ? choices[CHOICE_LISTS[name as keyof typeof CHOICE_LISTS]] : undefined}
            />
          </div>
        ))}
      </div>
      <div className="list-filter-actions">
        <button type="submit" className="button" disabled={!hydrated}>
          {labels.ui.apply}
        </button>
        {anyFilter && (
          <a className="list-reset" href={`${listPath}${listSearch(entity, { filters: {}, sort: query.sort })}`}>
            {labels.ui.reset}
          </a>
        )}
      </div>
    </form>
  );
}

type FieldProps = {
  id: string;
  name: string;
  filter: ListFilter;
  value: string | number | boolean | undefined;
  labels: ListLabels;
  group: string | null;
  choices: [number, string][] | undefined;
};

function FilterField({ id, name, filter, value, labels, group, choices }: FieldProps) {
  const current = value === undefined ? '' : String(value);
  // A filter has no hint and breaks no rule (a wrong one is left out of the query): only the id ties it to its label.
  const control = controlProps({ id, label: labels.filters[name] ?? name });
  switch (filter.kind) {
    // Uncontrolled, as every field here (the form is read when sent): what was typed before the island loaded stays.
    case 'text':
      return <input {...control} name={name} type="search" maxLength={100} defaultValue={current} />;
    case 'date':
      return <input {...control} name={name} type="date" defaultValue={current} />;
    case 'enum':
    case 'bool': {
      const options =
        filter.kind === 'bool'
          ? [
              ['true', labels.ui.yes],
              ['false', labels.ui.no],
            ]
          : filter.values.map((v) => [v, (group && labels.values[`${group}.${v}`]) || v]);
      return (
        <select {...control} name={name} defaultValue={current}>
          <option value="">{labels.ui.any}</option>
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      );
    }
    case 'id': {
      const known = choices ?? [];
      // The URL's choice stays selectable while the names load (or if they never do).
      const options =
        current && !known.some(([v]) => String(v) === current)
          ? [...known, [Number(current), `#${current}`] as [number, string]]
          : known;
      return (
        // Remounted when the names arrive, so the URL's choice is selected among them.
        <select {...control} name={name} defaultValue={current} key={options.length}>
          <option value="">{labels.ui.any}</option>
          {options.map(([v, label]) => (
            <option key={v} value={String(v)}>
              {label}
            </option>
          ))}
        </select>
      );
    }
  }
}
