import { ALLERGENS, type AllergenInfo } from '#domain/allergens.ts';
import { allergenSentences, type AllergenTexts } from '#i18n/allergen-sentences.ts';
import './allergens.css';
import { Fragment } from 'react';

type Props = {
  info: AllergenInfo;
  texts: AllergenTexts;
  className?: string;
  /** The dish's options may add groups (allergensOfDish): says so, with texts.optionsAdd. */
  optionsAdd?: string | undefined;
};

/**
 * A dish's (or an order line's) allergens: each group it contains as an icon with its name (the name is the text,
 * the icon is decoration), then the traces it may contain, in words. No data says "ask the restaurant", never
 * nothing; an empty list says it contains none of the fourteen. Icons are CSS masks (allergens.css): no script.
 * Spans throughout, shown as lines, so that it fits inside a line's <span> as well as a card.
 */
export function Allergens({ info, texts, className, optionsAdd }: Props) {
  const [first, traces] = allergenSentences(info, texts);
  const [label] = texts.contains.split('{list}');
  const shown = info ? ALLERGENS.filter((a) => info.contains.includes(a)) : [];
  return (
    <span className={['allergens', className].filter(Boolean).join(' ')}>
      {shown.length === 0 ? (
        <span className={info === null ? 'allergens-unknown' : 'allergens-none'}>
          <span className={`allergen-icon allergen-icon-${info === null ? 'unknown' : 'none'}`} aria-hidden="true" />
          {first}
        </span>
      ) : (
        <span className="allergens-contains">
          <span className="allergens-label">{label}</span>
          {/* The comma stays outside the unbreakable name, so that a long list wraps between names on a phone. */}
          {shown.map((a, i) => (
            <Fragment key={a}>
              <span className="allergen" data-allergen={a}>
                <span className={`allergen-icon allergen-icon-${a}`} aria-hidden="true" />
                {texts.names[a]}
              </span>
              {i < shown.length - 1 ? ', ' : ''}
            </Fragment>
          ))}
        </span>
      )}
      {traces && <span className="allergens-traces">{traces}</span>}
      {optionsAdd && <span className="allergens-options">{optionsAdd}</span>}
    </span>
  );
}
