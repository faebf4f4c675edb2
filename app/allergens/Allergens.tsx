import { ALLERGENS, type AllergenInfo } from '#domain/allergens.ts';
import { allergenSentences, type AllergenTexts } from './texts.ts';
import './allergens.css';

type Props = { info: AllergenInfo; texts: AllergenTexts; className?: string };

/**
 * A dish's (or an order line's) allergens: each group it contains as an icon with its name (the name is the text,
 * the icon is decoration), then the traces it may contain, in words. No data says "ask the restaurant", never
 * nothing; an empty list says it contains none of the fourteen. Icons are CSS masks (allergens.css): no script.
 */
export function Allergens({ info, texts, className }: Props) {
  const classes = ['allergens', className].filter(Boolean).join(' ');
  if (info === null || info.contains.length === 0)
    return (
      <p className={`${classes} ${info === null ? 'allergens-unknown' : 'allergens-none'}`}>
        <span className={`allergen-icon allergen-icon-${info === null ? 'unknown' : 'none'}`} aria-hidden="true" />
        {allergenSentences(info, texts).join(' ')}
      </p>
    );
  const [label] = texts.contains.split('{list}');
  return (
    <div className={classes}>
      <p className="allergens-contains">
        <span className="allergens-label">{label}</span>
        <span className="allergen-list">
          {ALLERGENS.filter((a) => info.contains.includes(a)).map((a, i, shown) => (
            <span key={a} className="allergen" data-allergen={a}>
              <span className={`allergen-icon allergen-icon-${a}`} aria-hidden="true" />
              {texts.names[a]}
              {i < shown.length - 1 ? ', ' : ''}
            </span>
          ))}
        </span>
      </p>
      {info.mayContain.length > 0 && <p className="allergens-traces">{allergenSentences(info, texts)[1]}</p>}
    </div>
  );
}
