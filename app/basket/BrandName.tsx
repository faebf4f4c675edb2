import './brand-name.css';

/**
 * What heads a brand's lines in a shared basket (issue 35): its logo, the wordmark its site shows, which carries
 * the name (the image's text alternative), or the name alone for a brand without one.
 */
export function BrandName({ name, logo }: { name: string; logo: string | undefined }) {
  return logo ? <img className="brand-name-logo" src={logo} alt={name} width="160" height="36" /> : <>{name}</>;
}
