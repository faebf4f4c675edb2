import { ALLERGENS, type Allergen, type AllergenInfo } from '#domain/allergens.ts';

/**
 * The allergen sentences in one language, resolved on the server (i18n/allergen-texts.ts) and handed to an
 * island as a prop, as the menu's texts are: the browser downloads one language and no message module. Templates
 * keep their '{list}' placeholder.
 */
export type AllergenTexts = {
  /** The fourteen groups' names (Annex II), short as a menu writes them. */
  names: Record<Allergen, string>;
  /** 'Allergens: {list}' */
  contains: string;
  /** 'May contain: {list}' */
  mayContain: string;
  /** A dish that contains none of the fourteen. */
  none: string;
  /** A dish without allergen data: "ask the restaurant". */
  unknown: string;
  /** A dish card whose options may add allergens. */
  optionsAdd: string;
};

const listOf = (groups: readonly Allergen[], texts: AllergenTexts) =>
  ALLERGENS.filter((a) => groups.includes(a))
    .map((a) => texts.names[a])
    .join(', ');

/** What a dish holds as plain sentences (e-mails, compact lines): "Allergens: gluten, eggs. May contain: nuts." */
export function allergenSentences(info: AllergenInfo, texts: AllergenTexts): string[] {
  if (info === null) return [texts.unknown];
  const sentences = [
    info.contains.length > 0 ? texts.contains.replace('{list}', listOf(info.contains, texts)) : texts.none,
  ];
  if (info.mayContain.length > 0) sentences.push(texts.mayContain.replace('{list}', listOf(info.mayContain, texts)));
  return sentences;
}
