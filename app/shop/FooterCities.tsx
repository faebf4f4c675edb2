import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { $locationsAndConcepts, $locationsFailed, loadLocationsAndConcepts } from '#app/stores/locations.ts';

/**
 * The footer's cities, each to its city page and named in the page's language: cities are the locations' cities, so
 * they come from the API.
 */
export default function FooterCities({ locale, errorText }: { locale: Locale; errorText: string }) {
  const data = useStore($locationsAndConcepts);
  const failed = useStore($locationsFailed);
  useEffect(() => void loadLocationsAndConcepts(locale), [locale]);
  if (data === null) return failed ? <p>{errorText}</p> : <ul className="footer-list" aria-busy="true" />;
  return (
    <ul className="footer-list">
      {data.cities.map((city) => (
        <li key={city.slug}>
          <a href={pathFor('city', locale, { slug: city.slug })}>{city.name}</a>
        </li>
      ))}
    </ul>
  );
}
