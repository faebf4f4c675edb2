/**
 * What heads a brand's lines in a shared basket (issue 35): its logo, the wordmark its site shows, which carries
 * the name (the image's text alternative), or the name alone for a brand without one. Each screen sizes it in its own
 * styles: a style sheet imported here would be shared by the islands' chunks, and the build inlines it into the pages
 * while a lazily loaded chunk still asks for it as a file (a 404 on the summary page).
 */
export function BrandName({ name, logo }: { name: string; logo: string | undefined }) {
  return logo ? <img className="brand-name-logo" src={logo} alt={name} width="160" height="36" /> : <>{name}</>;
}
